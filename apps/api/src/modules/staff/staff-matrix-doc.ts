import { ADMIN_ROUTE_PERMISSIONS, STAFF_PERMISSIONS, STAFF_ROLES, roleMay, type StaffPermission } from './staff-roles.ts';

/**
 * The two Markdown tables of docs/back-office.md "Roles and permissions", drawn from the one
 * matrix in staff-roles.ts: permission × role (✓), then route → permission ("none" for the
 * sign-in steps, which need no session). `npm run
 * docs:staff-matrix` writes them into the doc; staff-matrix-doc.test.ts fails when the doc differs.
 */
export function renderStaffMatrixTables(): { permissions: string; routes: string } {
  const permissionRows = (Object.keys(STAFF_PERMISSIONS) as StaffPermission[]).map(
    (permission) => `| \`${permission}\` | ${STAFF_ROLES.map((role) => (roleMay(role, permission) ? '✓' : ' ')).join(' | ')} |`,
  );
  const routeRows = Object.entries(ADMIN_ROUTE_PERMISSIONS).map(([route, permission]) => `| \`${route}\` | ${permission === null ? 'none (sign-in step)' : `\`${permission}\``} |`);
  return {
    permissions: [`| permission | ${STAFF_ROLES.join(' | ')} |`, `| --- | ${STAFF_ROLES.map(() => ':-:').join(' | ')} |`, ...permissionRows].join('\n'),
    routes: ['| route | permission |', '| --- | --- |', ...routeRows].join('\n'),
  };
}

/** docs/back-office.md with its two matrix tables replaced by the rendered ones (each table runs from its header line to the first blank line). */
export function withStaffMatrixTables(document: string): string {
  const tables = renderStaffMatrixTables();
  const replaceTable = (text: string, header: string, table: string) => {
    const start = text.indexOf(`\n${header}\n`);
    if (start < 0) throw new Error(`docs/back-office.md: no table starting with "${header}"`);
    const end = text.indexOf('\n\n', start + 1);
    return `${text.slice(0, start + 1)}${table}${text.slice(end)}`;
  };
  return replaceTable(replaceTable(document, tables.permissions.split('\n')[0]!, tables.permissions), '| route | permission |', tables.routes);
}
