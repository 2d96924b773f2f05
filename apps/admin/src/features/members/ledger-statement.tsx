import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { memberStatementResponse, type MemberStatementWire } from '@sabai/contracts';
import { apiGet, ApiError } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useBilingual } from '../../lib/bilingual';
import { useLabel } from '../../lib/labels';
import { DataTable } from '../../data-table';
import { Button, ErrorText } from '../../ui';

type StatementLine = MemberStatementWire['lines'][number];
const WALLETS = ['main', 'game', 'cashback', 'affiliate', 'prize', 'residual', 'spin'] as const;

/**
 * The member's ledger statement (issue 11 "Members"): one wallet at a time, newest first, each
 * entry with its change and the balance right after it; "more" asks for the next page (keyset by
 * entry id). Support, finance, owner, auditor (members.view).
 */
export function LedgerStatement({ memberId }: { memberId: string }) {
  const tx = useBilingual();
  const label = useLabel();
  const [wallet, setWallet] = useState<(typeof WALLETS)[number]>('main');
  const statement = useInfiniteQuery({
    queryKey: ['statement', memberId, wallet],
    queryFn: ({ pageParam }) => apiGet(`/members/${memberId}/statement?wallet=${wallet}&limit=25${pageParam === null ? '' : `&before=${pageParam}`}`, memberStatementResponse),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
  const lines = statement.data?.pages.flatMap((page) => page.lines) ?? [];
  const columns: ColumnDef<StatementLine, unknown>[] = [
    { header: '#', accessorKey: 'entryId' },
    { header: tx('เวลา', 'Time'), accessorKey: 'at', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: tx('รายการ', 'Entry'), accessorKey: 'code', cell: (info) => label('transfer', String(info.getValue())) },
    { header: tx('อ้างอิง', 'Reference'), id: 'source', enableSorting: false, cell: ({ row }) => <span className="text-xs text-slate-600">{row.original.sourceType ?? ''} {row.original.sourceId ?? ''}</span> },
    {
      header: tx('เข้า / ออก', 'In / out'),
      accessorKey: 'change',
      cell: (info) => {
        const value = Number(info.getValue());
        return <span className={`tabular-nums ${value < 0 ? 'text-red-700' : 'text-emerald-700'}`}>{value > 0 ? '+' : ''}{formatBaht(value)}</span>;
      },
    },
    { header: tx('คงเหลือ', 'Balance'), accessorKey: 'balance', cell: (info) => <span className="font-semibold tabular-nums">{formatBaht(Number(info.getValue()))}</span> },
  ];
  return (
    <div className="space-y-2 rounded-lg bg-white p-4 shadow" data-testid="ledger-statement">
      <div className="flex items-center gap-3">
        <h3 className="font-semibold">{tx('รายการเดินบัญชี', 'Ledger statement')}</h3>
        <select className="input w-auto" value={wallet} onChange={(event) => setWallet(event.target.value as (typeof WALLETS)[number])} aria-label={tx('กระเป๋า', 'Wallet')}>
          {WALLETS.map((kind) => <option key={kind} value={kind}>{label('wallet', kind)}</option>)}
        </select>
        {statement.data && <span className="text-sm text-slate-600">{tx('ยอดคงเหลือ', 'Balance')} <strong className="tabular-nums">{formatBaht(statement.data.pages[0]!.balance)}</strong></span>}
      </div>
      <ErrorText message={statement.error instanceof ApiError ? statement.error.message : null} />
      <DataTable columns={columns} data={lines} empty={tx('ยังไม่มีรายการ', 'No entries yet')} testId="statement-table" />
      {statement.hasNextPage && (
        <Button variant="plain" onClick={() => void statement.fetchNextPage()} disabled={statement.isFetchingNextPage}>{tx('ดูเพิ่ม', 'More')}</Button>
      )}
    </div>
  );
}
