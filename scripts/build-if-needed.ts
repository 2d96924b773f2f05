import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_DIST_DIR, REPO_ROOT, WEB_DIST_DIR } from './stack.ts';

/** Sources of the member site bundle; a change in any of them means the build is stale. */
const WEB_SOURCES = ['apps/web/src', 'apps/web/index.html', 'apps/web/app.html', 'apps/web/login.html', 'apps/web/vite.config.ts', 'apps/web/first-load-graph.ts', 'apps/web/public', 'packages/contracts/src', 'packages/money/src'];

function newestMtimeMs(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtimeMs(path.join(target, entry))), stats.mtimeMs);
}

/** Sources of the back office bundle. */
const ADMIN_SOURCES = ['apps/admin/src', 'apps/admin/index.html', 'apps/admin/vite.config.ts', 'packages/contracts/src', 'packages/money/src'];

/** Builds apps/web and apps/admin, each unless its dist/index.html is newer than every source file. */
export function buildWebIfNeeded(): void {
  buildIfStale({ name: 'the member site (apps/web)', workspace: '@sabai/web', distDir: WEB_DIST_DIR, sources: WEB_SOURCES });
  buildIfStale({ name: 'the back office (apps/admin)', workspace: '@sabai/admin', distDir: ADMIN_DIST_DIR, sources: ADMIN_SOURCES });
}

function buildIfStale(target: { name: string; workspace: string; distDir: string; sources: string[] }): void {
  const builtAt = newestMtimeMs(path.join(target.distDir, 'index.html'));
  const changedAt = Math.max(...target.sources.map((source) => newestMtimeMs(path.join(REPO_ROOT, source))));
  if (builtAt > changedAt) return;
  console.log(`Building ${target.name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${target.workspace} build failed`);
}
