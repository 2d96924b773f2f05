import { getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';

/** The id fields of the API's rows, in the order tried: a row keeps its own id as the list changes. */
const ID_FIELDS = ['id', 'withdrawalId', 'adjustmentId', 'approvalId', 'memberId', 'code', 'seq'] as const;

/** A row's stable key: its id field, else its index (rows without an id). */
export function rowKey(row: unknown, index: number): string {
  if (typeof row === 'object' && row !== null) {
    for (const field of ID_FIELDS) {
      const value = (row as Record<string, unknown>)[field];
      if (typeof value === 'string' || typeof value === 'number') return `${field}:${value}`;
    }
  }
  return `#${index}`;
}

/**
 * A header or cell template drawn as a plain call, never as a component: the column definitions
 * are rebuilt on every render of a screen, and a template drawn as a component would be a new
 * component type each time, so React would remount the cell and lose what was typed into it (a
 * background refetch wiping a half-typed phone number; issue 25 §4 "keeps unsaved input").
 */
function draw<Context>(template: unknown, context: Context): ReactNode {
  if (typeof template === 'function') return (template as (context: Context) => ReactNode)(context);
  return template as ReactNode;
}

/**
 * A sortable table of what the server sent (TanStack Table); filters and paging are the server's.
 * Rows are keyed by their id (`rowKey`), so a row that leaves the list does not hand its
 * neighbour's typed input to another row.
 */
export function DataTable<Row>({ columns, data, empty, testId }: { columns: ColumnDef<Row, unknown>[]; data: Row[]; empty: string; testId?: string }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({ data, columns, state: { sorting }, onSortingChange: setSorting, getCoreRowModel: getCoreRowModel(), getSortedRowModel: getSortedRowModel(), getRowId: (row, index) => rowKey(row, index) });
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid={testId}>
        <thead className="bg-slate-50">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} className="px-4 py-3 text-left font-semibold text-slate-700">
                  {header.isPlaceholder ? null : (
                    <button type="button" className="inline-flex items-center gap-1" onClick={header.column.getToggleSortingHandler()} disabled={!header.column.getCanSort()}>
                      {draw(header.column.columnDef.header, header.getContext())}
                      {{ asc: '▲', desc: '▼' }[header.column.getIsSorted() as string] ?? null}
                    </button>
                  )}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td className="px-4 py-6 text-center text-slate-500" colSpan={columns.length}>
                {empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="align-top">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-4 py-3">
                    {draw(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
