import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, SERVER_BUILDS, serverBuildOptions } from './build-servers.ts';
import { chooseServerEntry } from './server-entry.mjs';

describe('npm run build:servers', () => {
  it.each(SERVER_BUILDS)('bundles $outdir: our packages inside, npm dependencies resolvable from it, import.meta.url pointing at existing sources', async (target) => {
    const result = await build({ ...serverBuildOptions(target), write: false, metafile: true });
    const outdir = path.resolve(REPO_ROOT, target.outdir);
    const requireFromOutdir = createRequire(path.join(outdir, 'entry.mjs'));
    const code = result.outputFiles.filter((file) => file.path.endsWith('.mjs'));
    expect(code.map((file) => path.basename(file.path))).toEqual(expect.arrayContaining(target.entryPoints.map((entry) => `${path.basename(entry, '.ts')}.mjs`)));
    let [npmImports, sourceUrls] = [0, 0];
    for (const file of code) {
      const imports = [...file.text.matchAll(/^import\s[^;]*?from\s*"([^"]+)";/gms), ...file.text.matchAll(/^import "([^"]+)";$/gm)].map((match) => match[1]!);
      for (const specifier of imports) {
        expect(specifier.startsWith('@sabai/'), `${specifier} left unbundled`).toBe(false);
        if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
        // Every npm dependency resolves from the bundle's folder (hoisted to the root node_modules).
        expect(() => requireFromOutdir.resolve(specifier), specifier).not.toThrow();
        npmImports += 1;
      }
      for (const match of file.text.matchAll(/new URL\("([^"]+\.ts)", import\.meta\.url\)/g)) {
        expect(existsSync(fileURLToPath(new URL(match[1]!, `file://${outdir}/`))), match[1]).toBe(true);
        sourceUrls += 1;
      }
    }
    expect(npmImports).toBeGreaterThan(0);
    // The API reads migrations, logos and the site builds by path; the sandbox its game assets.
    expect(sourceUrls).toBeGreaterThan(0);
  });
});

describe('which entry npm run api starts', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sabai-entry-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (relative: string, atSeconds: number) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '');
    utimesSync(file, atSeconds, atSeconds);
  };
  write('apps/api/src/server.ts', 1_000);
  write('apps/sandbox/src/server.ts', 1_000);
  write('packages/money/src/index.ts', 1_000);

  it('runs the source when nothing was built', () => {
    expect(chooseServerEntry('api', root)).toEqual({ file: path.join(root, 'apps/api/src/server.ts'), isCompiled: false, reason: 'not built' });
  });

  it('runs the bundle when it is newer than every source file', () => {
    write('apps/api/dist/server.mjs', 2_000);
    expect(chooseServerEntry('api', root)).toEqual({ file: path.join(root, 'apps/api/dist/server.mjs'), isCompiled: true, reason: 'compiled' });
  });

  it('runs the source when a package was edited after the build, unless told to run the build as it is (production)', () => {
    write('packages/money/src/index.ts', 3_000);
    expect(chooseServerEntry('api', root)).toMatchObject({ isCompiled: false, reason: 'build older than source' });
    expect(chooseServerEntry('api', root, { checkFreshness: false })).toMatchObject({ isCompiled: true });
  });

  it('ignores edited tests', () => {
    write('packages/money/src/index.ts', 1_000);
    write('packages/money/src/money.test.ts', 5_000);
    expect(chooseServerEntry('api', root)).toMatchObject({ isCompiled: true });
  });
});
