import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The static import graph of a page's entry: what a first load evaluates before any `import()`.
 * Read from the sources (static `import … from` and `export … from`, not `import type`, not
 * `import()`), so vite.config.ts can put a first paint's own modules into one chunk and
 * src/first-load.test.ts can hold what each entry reaches (docs/adr/0014, 0045).
 */
export interface FirstLoadGraph {
  /** Absolute paths of the .ts/.tsx source modules reached, the entry included. */
  sources: Set<string>;
  /** Package specifiers reached (`react`, `react-dom/client`), each with the first module importing it. */
  packages: Map<string, string>;
}

/** Static value imports and re-exports of a module (not `import type`, not `import()`). */
export function staticImportsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    const [, keyword, typeOnly, clause, specifier] = match;
    if (typeOnly || !specifier) continue;
    if (keyword === 'export' && !clause) continue;
    specifiers.push(specifier);
  }
  return specifiers;
}

/** Walks the entry's static imports breadth first. */
export function firstLoadGraph(entry: string): FirstLoadGraph {
  const sources = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [path.resolve(entry)];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (sources.has(file) || !/\.(ts|tsx)$/.test(file)) continue;
    sources.add(file);
    for (const specifier of staticImportsOf(file)) {
      if (specifier.startsWith('.')) queue.push(path.resolve(path.dirname(file), specifier));
      else if (!packages.has(specifier)) packages.set(specifier, file);
    }
  }
  return { sources, packages };
}
