import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, WEB_DIST_DIR } from './stack.ts';

/** Sources of the member site bundle; a change in any of them means the build is stale. */
const WEB_SOURCES = ['apps/web/src', 'apps/web/index.html', 'apps/web/app.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contracts/src', 'packages/money/src'];

function newestMtimeMs(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtimeMs(path.join(target, entry))), stats.mtimeMs);
}

/** Builds apps/web unless dist/index.html is newer than every source file. */
export function buildWebIfNeeded(): void {
  const builtAt = newestMtimeMs(path.join(WEB_DIST_DIR, 'index.html'));
  const changedAt = Math.max(...WEB_SOURCES.map((source) => newestMtimeMs(path.join(REPO_ROOT, source))));
  if (builtAt > changedAt) return;
  console.log('Building the member site (apps/web)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@sabai/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('apps/web build failed');
}
