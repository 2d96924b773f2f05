import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';

/**
 * `npm run build:servers` (part of `npm run build`, issue 24 §3, docs/adr/0037): bundles the API,
 * the worker and the sandbox into plain JavaScript that `node` runs without tsx:
 * `apps/api/dist/{server,worker-main}.mjs` (+ a shared chunk) and `apps/sandbox/dist/server.mjs`.
 *
 * - Our workspace packages (`@sabai/*`, TypeScript source with `.ts` imports, docs/adr/0002) are
 *   bundled in; every npm dependency stays an `import` resolved from node_modules at run time
 *   (native addons, pglite's WASM and files each package reads next to itself keep working).
 * - `import.meta.url` in our source is rewritten to the URL of the source file it was written in,
 *   relative to the bundle (`new URL('../src/plugins/static-files.ts', import.meta.url).href`), so
 *   every path computed from it (the migration folders, bank logos, brand files, the web and admin
 *   builds, the sandbox's game assets) names the same file as under tsx, and the repository can
 *   still be moved as a whole.
 */

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** What is built: one esbuild run per output folder. */
export const SERVER_BUILDS: ReadonlyArray<{ outdir: string; entryPoints: string[] }> = [
  { outdir: 'apps/api/dist', entryPoints: ['apps/api/src/server.ts', 'apps/api/src/worker-main.ts'] },
  { outdir: 'apps/sandbox/dist', entryPoints: ['apps/sandbox/src/server.ts'] },
];

/** Our own packages, bundled; any other bare specifier is an npm dependency, left external. */
const isOwnPackage = (specifier: string) => specifier.startsWith('@sabai/');

function keepNpmDependenciesExternal(): Plugin {
  return {
    name: 'sabai-npm-external',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isOwnPackage(args.path) || path.isAbsolute(args.path)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

function sourceRelativeImportMetaUrl(outdir: string): Plugin {
  return {
    name: 'sabai-import-meta-url',
    setup(builder) {
      builder.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
      });
    },
  };
}

/** The esbuild options of one output folder (exported for the build's test). */
export function serverBuildOptions(target: { outdir: string; entryPoints: string[] }, repoRoot = REPO_ROOT): BuildOptions {
  const outdir = path.resolve(repoRoot, target.outdir);
  return {
    absWorkingDir: repoRoot,
    entryPoints: target.entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    // Error classes and pino bindings keep their names in logs and stack traces.
    keepNames: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [keepNpmDependenciesExternal(), sourceRelativeImportMetaUrl(outdir)],
  };
}

async function main(): Promise<void> {
  for (const target of SERVER_BUILDS) {
    const startedAt = performance.now();
    // A fresh folder: chunks are named by content hash, so an old build's would pile up.
    await rm(path.resolve(REPO_ROOT, target.outdir), { recursive: true, force: true });
    await build({ ...serverBuildOptions(target), metafile: false });
    console.log(`built ${target.outdir} (${target.entryPoints.join(', ')}) in ${Math.round(performance.now() - startedAt)} ms`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
