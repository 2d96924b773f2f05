import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adrNumberGaps, faceOf, readAdrs, readModuleFaces, REPOSITORY_ROOT, renderAdrIndex, renderModuleTable, withGeneratedPart } from './architecture-doc.ts';

const read = (file: string) => readFileSync(join(REPOSITORY_ROOT, file), 'utf8');

describe('docs that stay true (issue 28 §3)', () => {
  it('docs/ARCHITECTURE.md lists every module with the names its face exports (run `npm run docs:architecture` after changing a face)', () => {
    const document = read('docs/ARCHITECTURE.md');
    expect(withGeneratedPart(document, 'modules', renderModuleTable())).toBe(document);
  });

  it('docs/adr/README.md indexes every ADR with its status line (run `npm run docs:architecture` after adding one)', () => {
    const document = read('docs/adr/README.md');
    expect(withGeneratedPart(document, 'adr-index', renderAdrIndex())).toBe(document);
  });

  it('explains every unused ADR number below the highest in docs/adr/README.md', () => {
    const readme = read('docs/adr/README.md');
    for (const gap of adrNumberGaps()) expect(readme).toMatch(new RegExp(`\\*\\*${gap}\\*\\*`));
  });

  it('an ADR that another replaced says "superseded by" in its status line', () => {
    const superseded = readAdrs().filter((adr) => /^superseded by/i.test(adr.status));
    expect(superseded.map((adr) => adr.number)).toEqual(expect.arrayContaining(['0006', '0007']));
    for (const adr of readAdrs()) {
      const text = read(`docs/adr/${adr.file}`);
      if (/^Superseded by /m.test(text)) expect(adr.status).toMatch(/^superseded by/i);
    }
  });

  it('every module has a face with at least one export', () => {
    const faces = readModuleFaces();
    expect(faces.length).toBeGreaterThan(20);
    for (const face of faces) expect(face.exportedNames.length, face.module).toBeGreaterThan(0);
  });
});

describe('faceOf', () => {
  it('reads re-exported names, type exports and declared exports, and the first sentence as the purpose', () => {
    const source = [
      '/**',
      " * The `x` module: what it does for members. More text.",
      ' */',
      "export { a, b as c, type T } from './a.ts';",
      "export type { U } from './u.ts';",
      'export const LIMIT = 3;',
      'export function run(): void {}',
    ].join('\n');
    expect(faceOf(source)).toEqual({ exportedNames: ['a', 'c', 'T', 'U', 'LIMIT', 'run'], purpose: 'what it does for members' });
  });

  it('drops the stock face sentence and refuses `export *` (a face names what it exports, docs/adr/0016)', () => {
    expect(faceOf("/**\n * The `y` module's face (issue 10 §1): what other modules, the app, the worker and tests may use.\n */\nexport { a } from './a.ts';").purpose).toBe('');
    expect(() => faceOf("export * from './a.ts';")).toThrow(/export \*/);
  });

  it('refuses a document without the markers', () => {
    expect(() => withGeneratedPart('# no markers', 'modules', 'x')).toThrow(/markers/);
  });
});
