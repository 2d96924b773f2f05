/**
 * `npm run docs:staff-matrix`: rewrites the two permission tables of docs/back-office.md from the
 * matrix in apps/api/src/modules/staff/staff-roles.ts (its test fails while they differ).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { withStaffMatrixTables } from '../apps/api/src/modules/staff/index.ts';

const path = new URL('../docs/back-office.md', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = withStaffMatrixTables(before);
writeFileSync(path, after);
console.log(after === before ? 'docs/back-office.md: the matrix was already current' : 'docs/back-office.md: the matrix tables were rewritten');
