/**
 * `npm run report:long-functions [-- --over N]`: the product functions longer than N lines (70 by
 * default, issue 28 §3), longest first, then their count. Product code is apps/<app>/src and
 * packages/<package>/src; tests (`*.test.ts(x)`, `test/` and `fixtures/` folders, `*-test-kit.ts`),
 * declaration files and generated files (an `@generated` mark) are not.
 *
 * A function is a function declaration or expression, an arrow function, a method, a constructor
 * or an accessor; its length is the lines from its first token (after its docstring) to its last,
 * both counted. A function inside another is counted on its own as well (a component's handler
 * inside the component), so a long component with a long inner function is two entries.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { REPOSITORY_ROOT } from './architecture-doc.ts';

/** One long function: where it starts and how many lines it has. */
export interface LongFunction {
  /** The file, relative to the repository root (forward slashes). */
  file: string;
  /** The 1-based line of its first token. */
  line: number;
  /** Its name as a reader finds it: `name`, `Class.method`, or the call it is an argument of. */
  name: string;
  /** Lines from its first to its last token, both counted. */
  lines: number;
}

const DEFAULT_OVER = 70;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test', 'tests', '__tests__', 'fixtures']);
const isProductFile = (name: string) =>
  /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !/-test-kit\.tsx?$/.test(name);

/** The product source files under `root`: apps/<app>/src and packages/<package>/src, tests and generated files left out. */
export function productFiles(root = REPOSITORY_ROOT): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(join(folder, entry.name));
      } else if (isProductFile(entry.name)) {
        files.push(join(folder, entry.name));
      }
    }
  };
  for (const group of ['apps', 'packages']) {
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const source = join(root, group, entry.name, 'src');
      try {
        walk(source);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return files.filter((file) => !/@generated\b/.test(readFileSync(file, 'utf8').slice(0, 2_000))).sort();
}

/** A readable name for a function node: its own, its variable's or property's, or the call it is passed to. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  const text = (name: ts.Node | undefined) => (name ? name.getText(source) : undefined);
  if (ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node) || ts.isConstructorDeclaration(node)) {
    const owner = ts.isClassLike(node.parent) ? text(node.parent.name) : undefined;
    const own = ts.isConstructorDeclaration(node) ? 'constructor' : text(node.name);
    return owner ? `${owner}.${own}` : (own ?? '<method>');
  }
  if (node.name) return text(node.name) ?? '<function>';
  let parent = node.parent;
  // `const Page = memo(function … )`, `export default () => …`, wrappers: look through them to the binding.
  while (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent)) parent = parent.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return text(parent.name) ?? '<function>';
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source);
    const firstString = parent.arguments.find((argument) => ts.isStringLiteralLike(argument) || ts.isTemplateExpression(argument));
    const label = firstString ? `${callee}(${firstString.getText(source).slice(0, 60)}, …)` : `${callee}(…)`;
    const binding = ts.isVariableDeclaration(parent.parent) ? `${text(parent.parent.name)} = ` : '';
    return `${binding}${label}`;
  }
  if (ts.isExportAssignment(parent)) return 'default export';
  return '<anonymous>';
}

/** The functions of one file longer than `over` lines. */
export function longFunctionsOf(file: string, over: number, root = REPOSITORY_ROOT): LongFunction[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > over) found.push({ file: relative(root, file).split('\\').join('/'), line: first + 1, name: nameOf(node as ts.FunctionLikeDeclaration, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every product function longer than `over` lines, longest first. */
export function longFunctions(over = DEFAULT_OVER, root = REPOSITORY_ROOT): LongFunction[] {
  return productFiles(root)
    .flatMap((file) => longFunctionsOf(file, over, root))
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--over');
  const over = at === -1 ? DEFAULT_OVER : Number(process.argv[at + 1]);
  if (!Number.isInteger(over) || over < 1) throw new Error('--over takes a whole number of lines');
  const found = longFunctions(over);
  for (const entry of found) console.log(`${String(entry.lines).padStart(5)}  ${entry.file}:${entry.line}  ${entry.name}`);
  console.log(`${found.length} product functions over ${over} lines`);
}
