import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chooseServerEntry } from './server-entry.mjs';

/**
 * `npm run api` / `npm run worker` / `npm run sandbox` (docs/adr/0037): runs the compiled bundle
 * when `npm run build` made one that is up to date (plain `node`, no TypeScript compiler at start),
 * else the TypeScript source through tsx, in this same process (signals reach the server's own
 * handlers). Usage: `node scripts/run-server.mjs api|worker|sandbox`.
 */
const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const name = process.argv[2];
// Production runs the build it was given; elsewhere an edit since the build runs the edited source.
const entry = chooseServerEntry(name, repoRoot, { checkFreshness: process.env.NODE_ENV !== 'production' });
if (entry.reason === 'build older than source') {
  process.stderr.write(`run-server: ${name}: the build is older than the source; running the source with tsx (npm run build to compile it)\n`);
}
if (!entry.isCompiled) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(pathToFileURL(entry.file).href);
