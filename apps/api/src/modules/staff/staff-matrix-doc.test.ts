import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderStaffMatrixTables, withStaffMatrixTables } from './staff-matrix-doc.ts';
import { ADMIN_ROUTE_PERMISSIONS } from './staff-roles.ts';

const DOC = new URL('../../../../../docs/back-office.md', import.meta.url);

describe('docs/back-office.md shows the permission matrix the guard applies', () => {
  it('has the tables drawn from staff-roles.ts (run `npm run docs:staff-matrix` after changing the matrix)', () => {
    const document = readFileSync(DOC, 'utf8');
    expect(withStaffMatrixTables(document)).toBe(document);
  });

  it('lists every back-office route once', () => {
    const { routes } = renderStaffMatrixTables();
    const listed = routes.split('\n').slice(2);
    expect(listed).toHaveLength(Object.keys(ADMIN_ROUTE_PERMISSIONS).length);
    expect(listed.some((line) => line.startsWith('| `POST /admin-api/v1/staff/:staffId/reset` | `staff.manage`'))).toBe(true);
  });
});
