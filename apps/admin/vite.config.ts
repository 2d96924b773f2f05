import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The back office (issue 11), served by the API at /admin/ (apps/api/src/plugins/static-files.ts).
 * In development the dev server forwards /admin-api to the API.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { port: 5174, proxy: { '/admin-api': 'http://127.0.0.1:3000' } },
});
