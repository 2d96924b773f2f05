/**
 * The generated parts of the docs (issue 28 §3): the module table of docs/ARCHITECTURE.md, drawn
 * from each module's face (`apps/api/src/modules/<module>/index.ts`: its exported names and the first
 * sentence of its leading docblock), and the ADR index of docs/adr/README.md, drawn from each ADR's
 * title and status line. `npm run docs:architecture` rewrites both; architecture-doc.test.ts fails
 * while either differs from what the code says, as the staff matrix's test does.
 *
 * Each generated part sits between `<!-- generated:<name> begin -->` and `<!-- generated:<name> end -->`
 * markers; the text around them is hand-written and kept.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const REPOSITORY_ROOT = new URL('..', import.meta.url).pathname;
const MODULES_DIR = join(REPOSITORY_ROOT, 'apps/api/src/modules');
const ADR_DIR = join(REPOSITORY_ROOT, 'docs/adr');

/** One module's face: the names `index.ts` exports (values and types, in source order) and what it is for. */
export interface ModuleFace {
  module: string;
  exportedNames: string[];
  /** The leading docblock's first sentence, without the stock "The `x` module's face (…): what … may use." */
  purpose: string;
}

/** Reads `apps/api/src/modules/<module>/index.ts` for every module folder, in name order. */
export function readModuleFaces(modulesDir: string = MODULES_DIR): ModuleFace[] {
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((module) => {
      let source: string;
      try {
        source = readFileSync(join(modulesDir, module, 'index.ts'), 'utf8');
      } catch {
        return [];
      }
      return [{ module, ...faceOf(source) }];
    });
}

/** The exported names and purpose of one face's source text (exported for tests). */
export function faceOf(source: string): { exportedNames: string[]; purpose: string } {
  const file = ts.createSourceFile('index.ts', source, ts.ScriptTarget.ES2022, true);
  const exportedNames: string[] = [];
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) exportedNames.push(element.name.text);
    } else if (ts.isExportDeclaration(statement) && !statement.exportClause) {
      throw new Error('a module face re-exports with `export *`: name what it exports (docs/adr/0016)');
    } else if (hasExportModifier(statement)) {
      const name = declaredName(statement);
      if (name) exportedNames.push(name);
    }
  }
  return { exportedNames, purpose: purposeOf(source) };
}

function hasExportModifier(statement: ts.Statement): boolean {
  return ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
}

function declaredName(statement: ts.Statement): string | null {
  if (ts.isVariableStatement(statement)) {
    const declaration = statement.declarationList.declarations[0];
    return declaration && ts.isIdentifier(declaration.name) ? declaration.name.text : null;
  }
  if ((ts.isFunctionDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
    return statement.name.text;
  }
  return null;
}

/** Most characters of a purpose or an ADR status in a table; longer ones end at a word with "…". */
const MAX_PURPOSE_CHARS = 160;
const MAX_STATUS_CHARS = 160;

function shorten(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, text.lastIndexOf(' ', maxChars))} …`;
}

function purposeOf(source: string): string {
  const docblock = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source)?.[1];
  if (!docblock) return '';
  const text = docblock
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .filter((line) => line.length > 0)
    .join(' ');
  const firstSentence = (/^(.*?\.)(\s|$)/.exec(text)?.[1] ?? text)
    .replace(/^The `[a-z0-9-]+` module(?:'s face)?(?: \([^)]*\))?:\s*/, '')
    .replace(/^what other modules, the app, the worker and tests may use\.?$/, '')
    .replace(/\.$/, '');
  return shorten(firstSentence, MAX_PURPOSE_CHARS).replace(/\|/g, '\\|');
}

/** The markdown table of every module's face. */
export function renderModuleTable(faces: readonly ModuleFace[] = readModuleFaces()): string {
  const rows = faces.map((face) => `| \`${face.module}\` | ${face.exportedNames.map((name) => `\`${name}\``).join(', ')} | ${face.purpose || '—'} |`);
  return ['| module | face (what others may use) | what it is for |', '|---|---|---|', ...rows].join('\n');
}

/** One ADR: number, title, file name and status line. */
export interface AdrEntry {
  number: string;
  title: string;
  file: string;
  status: string;
}

/** Reads docs/adr/NNNN-*.md in number order. @throws Error for an ADR without a `Status` line. */
export function readAdrs(adrDir: string = ADR_DIR): AdrEntry[] {
  return readdirSync(adrDir)
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(join(adrDir, file), 'utf8');
      const title = (/^# (.+)$/m.exec(text)?.[1] ?? file).replace(/^\d{4}\s*[:.—-]\s*/, '').trim();
      const statusLine = /^\**Status:?\**:?\s*(.+)$/im.exec(text)?.[1];
      if (!statusLine) throw new Error(`docs/adr/${file} has no Status line`);
      return { number: file.slice(0, 4), title, file, status: shorten(statusLine.replace(/\*\*/g, '').trim(), MAX_STATUS_CHARS) };
    });
}

/** ADR numbers below the highest that have no file (each must be explained in docs/adr/README.md). */
export function adrNumberGaps(adrs: readonly AdrEntry[] = readAdrs()): string[] {
  const present = new Set(adrs.map((adr) => Number(adr.number)));
  const highest = Math.max(...present);
  const gaps: string[] = [];
  for (let number = 1; number < highest; number += 1) if (!present.has(number)) gaps.push(String(number).padStart(4, '0'));
  return gaps;
}

/** The markdown index of the ADRs: number, title (linked), status (superseded ones say so). */
export function renderAdrIndex(adrs: readonly AdrEntry[] = readAdrs()): string {
  const rows = adrs.map((adr) => `| ${adr.number} | [${adr.title.replace(/\|/g, '\\|')}](${adr.file}) | ${adr.status.replace(/\|/g, '\\|')} |`);
  return ['| ADR | decision | status |', '|---|---|---|', ...rows].join('\n');
}

/** Replaces the text between a generated part's markers. @throws Error when the markers are missing. */
export function withGeneratedPart(document: string, name: string, body: string): string {
  const begin = `<!-- generated:${name} begin -->`;
  const end = `<!-- generated:${name} end -->`;
  const from = document.indexOf(begin);
  const to = document.indexOf(end);
  if (from < 0 || to < from) throw new Error(`the document has no ${begin} … ${end} markers`);
  return `${document.slice(0, from + begin.length)}\n${body}\n${document.slice(to)}`;
}
