import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API (apps/api) in development; `npm start` serves the built site and the API together. */
const API_ORIGIN = 'http://127.0.0.1:3000';
/** Path prefixes the dev server forwards to the API: the spec §7 call families plus static files. */
const API_PREFIXES = [
  '/v2',
  '/auth-service',
  '/user-profile-composite',
  '/fund-composite',
  '/rolling-composite',
  '/game-composite',
  '/prize-composite',
  '/static',
  '/healthz',
];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Each route is its own chunk (router lazy()); warn if a shared chunk grows past this.
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API_ORIGIN }])),
  },
  preview: { port: 4173 },
});
