import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Which file starts a server process (docs/adr/0037): the compiled bundle of `npm run build`
 * (scripts/build-servers.ts) when it is there and not older than the TypeScript it was built from,
 * else the TypeScript source (run with tsx). Plain JavaScript so that `npm run api` can decide
 * before tsx is loaded; used by scripts/run-server.mjs and the scale test (scale/product.ts).
 */

/** The processes and their two entries, relative to the repository root. */
export const SERVER_ENTRIES = {
  api: { compiled: 'apps/api/dist/server.mjs', source: 'apps/api/src/server.ts' },
  worker: { compiled: 'apps/api/dist/worker-main.mjs', source: 'apps/api/src/worker-main.ts' },
  sandbox: { compiled: 'apps/sandbox/dist/server.mjs', source: 'apps/sandbox/src/server.ts' },
};

/** The folders a bundle is built from: our code and every workspace package's source. */
function sourceFolders(repoRoot) {
  const packages = readdirSync(path.join(repoRoot, 'packages')).map((name) => path.join(repoRoot, 'packages', name, 'src'));
  return [path.join(repoRoot, 'apps/api/src'), path.join(repoRoot, 'apps/sandbox/src'), ...packages];
}

/** The newest modification time (ms) of a `.ts` file under `dir` (0 when none or missing). */
function newestSourceMs(dir) {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMs(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * @param {'api' | 'worker' | 'sandbox'} name
 * @param {string} repoRoot absolute path of the repository
 * @param {{ checkFreshness?: boolean }} [options] `checkFreshness` (default true): compare the
 *   build with the source; production passes false (a deployed build is run as it is, and tsx, a
 *   development dependency, may not even be installed there).
 * @returns {{ file: string, isCompiled: boolean, reason: 'compiled' | 'not built' | 'build older than source' }}
 *   `file` absolute. A build older than any source file (an edit after `npm run build`) is not
 *   run: it would silently serve yesterday's code.
 */
export function chooseServerEntry(name, repoRoot, options = {}) {
  const entry = SERVER_ENTRIES[name];
  if (entry === undefined) throw new Error(`unknown server ${name}: one of ${Object.keys(SERVER_ENTRIES).join(', ')}`);
  const compiled = path.join(repoRoot, entry.compiled);
  const source = path.join(repoRoot, entry.source);
  let builtMs;
  try {
    builtMs = statSync(compiled).mtimeMs;
  } catch {
    return { file: source, isCompiled: false, reason: 'not built' };
  }
  if (options.checkFreshness === false) return { file: compiled, isCompiled: true, reason: 'compiled' };
  const newest = Math.max(...sourceFolders(repoRoot).map(newestSourceMs));
  if (newest > builtMs) return { file: source, isCompiled: false, reason: 'build older than source' };
  return { file: compiled, isCompiled: true, reason: 'compiled' };
}
