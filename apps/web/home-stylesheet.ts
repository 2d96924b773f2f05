import { readFileSync } from 'node:fs';

/**
 * The signed-in home's first-paint stylesheet (docs/adr/0050 third addendum, issue 26 §4), as
 * vite.config.ts's `sabai:static-home` plugin builds it: the site's own src/index.css, compiled by
 * the same Tailwind plugin and optimizer as the site's stylesheet, with Tailwind told to generate
 * only the utilities the home's markup uses (the template's class attributes, every optional part
 * present) and the class names the filler writes (Tailwind scans app/home/static-home-fill.ts
 * itself). Nothing is copied by hand: a class added to the home's components is in the next build's
 * markup, so in its stylesheet. src/first-load-budget.test.ts checks the built file against the
 * built markup and a size budget.
 */

/** The line of index.css that brings every utility the site's sources use. */
export const TAILWIND_IMPORT = "@import 'tailwindcss';";

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' };

/**
 * The class names of `markup`'s `class` attributes, sorted, each once. `markup` is React's
 * (renderToStaticMarkup) or the built app.html's: attributes in `"`, `&`, `"`, `'`, `<`, `>` escaped.
 */
export function classNamesOf(markup: string): string[] {
  const names = new Set<string>();
  for (const match of markup.matchAll(/\sclass="([^"]*)"/g)) {
    const decoded = (match[1] ?? '').replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, entity: string) => ENTITIES[entity] ?? '');
    for (const name of decoded.split(/\s+/)) if (name !== '') names.add(name);
  }
  return [...names].sort();
}

/**
 * index.css (`siteStylesheet`, its text) with its Tailwind import replaced by one that scans no
 * file but `fillerFile` (a path relative to index.css) and takes `classNames` as given.
 * Errors: index.css without exactly one `@import 'tailwindcss';`; a class name `@source inline(…)`
 * cannot carry (braces are expanded there, a quote ends it).
 */
export function homeStylesheetSource(siteStylesheet: string, classNames: string[], fillerFile: string): string {
  if (siteStylesheet.split(TAILWIND_IMPORT).length !== 2) throw new Error(`index.css must have exactly one ${TAILWIND_IMPORT}`);
  const unsafe = classNames.filter((name) => /[{}"'\\]/.test(name));
  if (unsafe.length > 0) throw new Error(`class names @source inline cannot carry: ${unsafe.join(' ')}`);
  const sources = ["@import 'tailwindcss' source(none);", `@source inline("${classNames.join(' ')}");`, `@source '${fillerFile}';`].join('\n');
  return siteStylesheet.replace(TAILWIND_IMPORT, () => sources);
}

/** Reads the site's stylesheet and builds the home's source from it (see homeStylesheetSource). */
export function readHomeStylesheetSource(siteStylesheetFile: string, classNames: string[], fillerFile: string): string {
  return homeStylesheetSource(readFileSync(siteStylesheetFile, 'utf8'), classNames, fillerFile);
}
