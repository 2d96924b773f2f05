import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { firstLoadGraph } from '../first-load-graph.ts';

/**
 * The code split of docs/adr/0014: what index.html's entry reaches by static imports (the first
 * load of `/`, without any `import()`) must leave the member app's libraries out. `npm run
 * bench:web` prints what that weighs; this keeps a stray import from undoing it. The walk is the
 * one vite.config.ts groups the first paints' chunks by (first-load-graph.ts, docs/adr/0045).
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const MEMBER_APP_ONLY = ['react-router', 'react-i18next', 'i18next', '@tanstack/react-query', 'zod', '@sabai/contracts'];

function packagesReachedFrom(entry: string): Map<string, string> {
  const { packages } = firstLoadGraph(entry);
  return new Map([...packages].map(([specifier, from]) => [specifier, path.relative(SRC, from)]));
}

describe('first load of the landing page (index.html → main.tsx)', () => {
  it('reaches none of the member app libraries without a dynamic import', () => {
    const reached = packagesReachedFrom(path.join(SRC, 'main.tsx'));
    const offending = [...reached].filter(([specifier]) => MEMBER_APP_ONLY.some((name) => specifier === name || specifier.startsWith(`${name}/`)));
    expect(offending.map(([specifier, from]) => `${specifier} (from ${from})`)).toEqual([]);
    expect(reached.has('react-dom/client')).toBe(true); // the walk does see the entry's imports
  });
});

describe('first load of the login page (login.html → login-main.tsx, docs/adr/0028)', () => {
  it('reaches none of the member app libraries without a dynamic import: the form and the app load later', () => {
    const reached = packagesReachedFrom(path.join(SRC, 'login-main.tsx'));
    const offending = [...reached].filter(([specifier]) => MEMBER_APP_ONLY.some((name) => specifier === name || specifier.startsWith(`${name}/`)));
    expect(offending.map(([specifier, from]) => `${specifier} (from ${from})`)).toEqual([]);
    expect(reached.has('react-dom/client')).toBe(true);
  });
});

describe('first load of the member home (app.html → app-main.tsx, docs/adr/0030)', () => {
  it('reaches none of the member app libraries without a dynamic import: the shell is drawn first, the app loads after', () => {
    const reached = packagesReachedFrom(path.join(SRC, 'app-main.tsx'));
    const offending = [...reached].filter(([specifier]) => MEMBER_APP_ONLY.some((name) => specifier === name || specifier.startsWith(`${name}/`)));
    expect(offending.map(([specifier, from]) => `${specifier} (from ${from})`)).toEqual([]);
    expect(reached.has('@sabai/money')).toBe(true); // the walk does see the entry's imports (lib/format.ts)
    // The home is app.html's markup (docs/adr/0050 decision 2): no React before the member app, not
    // even React core for a hook (the session and settings stores are React-free, 0050 addendum).
    expect([...reached.keys()].filter((specifier) => specifier === 'react' || specifier.startsWith('react-dom') || specifier === 'scheduler')).toEqual([]);
  });

  it('does not load the whole Thai translation for the 8 strings the home writes: they come with app.html', () => {
    const { sources } = firstLoadGraph(path.join(SRC, 'app-main.tsx'));
    expect([...sources].map((file) => path.relative(SRC, file)).filter((file) => file === 'lib/translate.ts')).toEqual([]);
  });

  it('draws the home before the first paint with no framework: the boot script reaches no package but ours', () => {
    const reached = packagesReachedFrom(path.join(SRC, 'app/home/static-home-boot.ts'));
    expect([...reached.keys()].filter((specifier) => !specifier.startsWith('@sabai/'))).toEqual([]);
  });
});
