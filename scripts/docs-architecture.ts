/**
 * `npm run docs:architecture`: rewrites the module table of docs/ARCHITECTURE.md and the ADR index
 * of docs/adr/README.md from the code (scripts/architecture-doc.ts; its test fails while they differ).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT, renderAdrIndex, renderModuleTable, withGeneratedPart } from './architecture-doc.ts';

for (const [file, name, body] of [
  ['docs/ARCHITECTURE.md', 'modules', renderModuleTable()],
  ['docs/adr/README.md', 'adr-index', renderAdrIndex()],
] as const) {
  const path = join(REPOSITORY_ROOT, file);
  const before = readFileSync(path, 'utf8');
  const after = withGeneratedPart(before, name, body);
  writeFileSync(path, after);
  console.log(after === before ? `${file}: already current` : `${file}: ${name} rewritten`);
}
