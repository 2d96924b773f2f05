// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  memberDirectoryResponse, memberEditResponse, memberEditsResponse, memberHistoryResponse, memberNoteResponse, memberNotesResponse, moneyApprovalResponse,
  type MemberDirectoryRowWire, type MemberEditWire,
} from '@sabai/contracts';
import { adminPath, answer, refusal, renderScreen, sent, server, thaiLeftIn } from '../../test/harness';
import { MembersDirectoryPage } from './index';

const MEMBER_ID = 'mbr_aaaaaaaaaaaaaaaaaaaa';
const row = (overrides: Partial<MemberDirectoryRowWire> = {}): MemberDirectoryRowWire => ({
  memberId: MEMBER_ID, phoneNumber: '0812345678', name: 'สมชาย ใจดี', bankCode: '014', bankAccountNumber: '1234567890', status: 'active',
  createdAt: '2026-11-28T03:00:00.000Z', bankVerified: true, protected: false, ...overrides,
});
const pendingEdit = (overrides: Partial<MemberEditWire> = {}): MemberEditWire => ({
  approvalId: 'apr_aaaaaaaaaaaaaaaaaaaa', status: 'pending', before: { bankAccountNumber: '1234567890' }, after: { bankAccountNumber: '9999999999' },
  reason: 'บัญชีเดิมปิดแล้ว', requester: 'nok', decidedBy: null, decisionReason: null, createdAt: '2026-11-28T04:00:00.000Z', decidedAt: null, canDecide: true, ...overrides,
});

function directory(rows: MemberDirectoryRowWire[], total = rows.length) {
  return http.get(adminPath('/member-directory'), ({ request }) => {
    const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
    return answer(memberDirectoryResponse, { rows, page, pageSize: 25, total });
  });
}

describe('member directory screen (issue 25 §4)', () => {
  it('lists members with their flags, filters, searches and pages', async () => {
    server.use(directory([row(), row({ memberId: 'mbr_bbbbbbbbbbbbbbbbbbbb', phoneNumber: '0899999999', status: 'suspended', protected: true, bankVerified: false })], 60));
    renderScreen(<MembersDirectoryPage canWriteNotes canRequestEdit canApprove />);
    const table = await screen.findByTestId('member-directory-table');
    await waitFor(() => expect(within(table).getAllByTestId('member-row')).toHaveLength(2));
    const second = within(table).getAllByTestId('member-row')[1]!;
    expect(second.textContent).toContain('ระงับ');
    expect(second.textContent).toContain('ป้องกันการเล่น');
    expect(second.textContent).toContain('บัญชียังไม่ยืนยัน');
    expect(screen.getByTestId('members-page').textContent).toBe('หน้า 1 / 3 (60 คน)');
    fireEvent.click(screen.getByRole('tab', { name: 'ถูกระงับ' }));
    await waitFor(() => expect(sent.some((call) => call.path === '/admin-api/v1/member-directory?filter=suspended&page=1&pageSize=25')).toBe(true));
    fireEvent.change(screen.getByTestId('member-search'), { target: { value: '0812' } });
    fireEvent.submit(screen.getByTestId('member-search').closest('form')!);
    await waitFor(() => expect(sent.some((call) => call.path === '/admin-api/v1/member-directory?filter=suspended&page=1&pageSize=25&q=0812')).toBe(true));
    fireEvent.click(screen.getByTestId('members-next'));
    await waitFor(() => expect(sent.some((call) => call.path.includes('page=2'))).toBe(true));
  });

  it('writes a note, naming the field when it is empty', async () => {
    const notes: Array<{ id: string; author: string; body: string; at: string }> = [];
    server.use(
      directory([row()]),
      http.get(adminPath(`/members/${MEMBER_ID}/notes`), () => answer(memberNotesResponse, notes)),
      http.post(adminPath(`/members/${MEMBER_ID}/notes`), async ({ request }) => {
        const body = (await request.json()) as { body: string };
        const note = { id: String(notes.length + 1), author: 'staff:nok', body: body.body, at: '2026-11-28T05:00:00.000Z' };
        notes.unshift(note);
        return answer(memberNoteResponse, note, 'บันทึกแล้ว');
      }),
    );
    renderScreen(<MembersDirectoryPage canWriteNotes canRequestEdit={false} canApprove={false} />);
    fireEvent.click(await screen.findByText('0812345678'));
    fireEvent.click(await screen.findByTestId('note-save'));
    expect(await screen.findByText('กรุณาเขียนบันทึก')).toBeTruthy();
    fireEvent.change(screen.getByTestId('note-body'), { target: { value: 'โทรมาถามเรื่องโบนัส' } });
    fireEvent.click(screen.getByTestId('note-save'));
    await waitFor(() => expect(within(screen.getByTestId('notes-list')).getByText('โทรมาถามเรื่องโบนัส')).toBeTruthy());
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({ body: 'โทรมาถามเรื่องโบนัส' });
  });

  it('asks for an edit with only the changed fields and a reason, and approves someone else\'s request', async () => {
    let edits: MemberEditWire[] = [pendingEdit()];
    server.use(
      directory([row()]),
      http.get(adminPath(`/members/${MEMBER_ID}/notes`), () => answer(memberNotesResponse, [])),
      http.get(adminPath(`/members/${MEMBER_ID}/edits`), () => answer(memberEditsResponse, edits)),
      http.post(adminPath(`/members/${MEMBER_ID}/edits`), () => answer(memberEditResponse, pendingEdit({ approvalId: 'apr_bbbbbbbbbbbbbbbbbbbb', canDecide: false, after: { lastName: 'ใจงาม' }, before: { lastName: 'ใจดี' } }))),
      http.post(adminPath('/approvals/apr_aaaaaaaaaaaaaaaaaaaa/approve'), () => {
        edits = [pendingEdit({ status: 'executed', decidedBy: 'owner', canDecide: false })];
        return answer(moneyApprovalResponse, {
          approvalId: 'apr_aaaaaaaaaaaaaaaaaaaa', kind: 'member.edit', status: 'executed', amount: 0, subjectType: 'member', subjectId: MEMBER_ID, reason: 'บัญชีเดิมปิดแล้ว',
          payload: {}, requester: 'nok', requesterRole: 'support', withinLimit: false, decidedBy: 'owner', decisionReason: null, createdAt: '2026-11-28T04:00:00.000Z',
          decidedAt: '2026-11-28T05:00:00.000Z', canDecide: false,
        });
      }),
    );
    renderScreen(<MembersDirectoryPage canWriteNotes={false} canRequestEdit canApprove />);
    fireEvent.click(await screen.findByText('0812345678'));
    fireEvent.click(screen.getByRole('tab', { name: 'แก้ไขข้อมูล' }));
    const editRow = await screen.findByTestId('edit-row');
    expect(editRow.textContent).toContain('1234567890');
    expect(editRow.textContent).toContain('9999999999');
    fireEvent.change(screen.getByTestId('edit-account'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('edit-submit'));
    expect(await screen.findByText('เลขบัญชี 10 หรือ 12 หลัก')).toBeTruthy();
    expect(await screen.findByText('กรุณาระบุเหตุผล (อย่างน้อย 3 ตัวอักษร)')).toBeTruthy();
    fireEvent.change(screen.getByTestId('edit-account'), { target: { value: '1234567890' } });
    fireEvent.change(screen.getByTestId('edit-last-name'), { target: { value: 'ใจงาม' } });
    fireEvent.change(screen.getByTestId('edit-reason'), { target: { value: 'สมาชิกเปลี่ยนนามสกุล' } });
    fireEvent.click(screen.getByTestId('edit-submit'));
    await waitFor(() => expect(sent.find((call) => call.method === 'POST' && call.path.endsWith('/edits'))?.body).toEqual({ reason: 'สมาชิกเปลี่ยนนามสกุล', lastName: 'ใจงาม' }));
    fireEvent.click(screen.getByTestId('edit-approve'));
    await waitFor(() => expect(screen.getByTestId('edit-row').textContent).toContain('อนุมัติและแก้ไขแล้ว'));
  });

  it('shows the server\'s refusal when the requester tries to approve', async () => {
    server.use(
      directory([row()]),
      http.get(adminPath(`/members/${MEMBER_ID}/notes`), () => answer(memberNotesResponse, [])),
      http.get(adminPath(`/members/${MEMBER_ID}/edits`), () => answer(memberEditsResponse, [pendingEdit()])),
      http.post(adminPath('/approvals/apr_aaaaaaaaaaaaaaaaaaaa/approve'), () => refusal('STAFF_FORBIDDEN', 'ผู้ขออนุมัติรายการของตนเองไม่ได้ ต้องเป็นเจ้าหน้าที่อีกคน', 403)),
    );
    renderScreen(<MembersDirectoryPage canWriteNotes={false} canRequestEdit={false} canApprove />);
    fireEvent.click(await screen.findByText('0812345678'));
    fireEvent.click(screen.getByRole('tab', { name: 'แก้ไขข้อมูล' }));
    fireEvent.click(await screen.findByTestId('edit-approve'));
    expect(await screen.findByText('ผู้ขออนุมัติรายการของตนเองไม่ได้ ต้องเป็นเจ้าหน้าที่อีกคน')).toBeTruthy();
  });

  it('shows bet history in baht with older pages', async () => {
    server.use(
      directory([row()]),
      http.get(adminPath(`/members/${MEMBER_ID}/notes`), () => answer(memberNotesResponse, [])),
      http.get(adminPath(`/members/${MEMBER_ID}/history/bets`), () => answer(memberHistoryResponse, {
        kind: 'bets', page: 1, pageSize: 20, hasMore: true,
        rows: [{ roundId: 'r1', partner: 'sandbox', gameCode: 'golden-elephant', stake: 100, payout: 250.5, result: 'win', status: 'settled', at: '2026-11-28T05:00:00.000Z' }],
      })),
    );
    renderScreen(<MembersDirectoryPage canWriteNotes={false} canRequestEdit={false} canApprove={false} />);
    fireEvent.click(await screen.findByText('0812345678'));
    fireEvent.click(screen.getByRole('tab', { name: 'ประวัติเดิมพัน' }));
    const table = await screen.findByTestId('history-bets');
    await waitFor(() => expect(table.textContent).toContain('golden-elephant'));
    expect(table.textContent).toContain('250.50');
    expect(table.textContent).toContain('ชนะ');
    expect((screen.getByTestId('history-bets-older') as HTMLButtonElement).disabled).toBe(false);
  });

  it('speaks English only in English mode: tabs, flags, paging', async () => {
    server.use(directory([row({ name: 'Somchai Jaidee' }), row({ memberId: 'mbr_bbbbbbbbbbbbbbbbbbbb', name: 'Somsri Jaidee', phoneNumber: '0899999999', status: 'suspended', protected: true, bankVerified: false })], 60));
    const view = renderScreen(<MembersDirectoryPage canWriteNotes canRequestEdit canApprove />, { language: 'en' });
    const table = await screen.findByTestId('member-directory-table');
    await waitFor(() => expect(within(table).getAllByTestId('member-row')).toHaveLength(2));
    expect(thaiLeftIn(view.container)).toEqual([]);
  });

  it('speaks English only in English mode in the member panel: notes, a pending edit, bets', async () => {
    server.use(
      directory([row({ name: 'Somchai Jaidee' })]),
      http.get(adminPath(`/members/${MEMBER_ID}/notes`), () => answer(memberNotesResponse, [{ id: '1', author: 'staff:nok', body: 'asked about the bonus', at: '2026-11-28T05:00:00.000Z' }])),
      http.get(adminPath(`/members/${MEMBER_ID}/edits`), () => answer(memberEditsResponse, [pendingEdit({ reason: 'old account closed' })])),
      http.get(adminPath(`/members/${MEMBER_ID}/history/bets`), () => answer(memberHistoryResponse, {
        kind: 'bets', page: 1, pageSize: 20, hasMore: false,
        rows: [{ roundId: 'r1', partner: 'sandbox', gameCode: 'golden-elephant', stake: 100, payout: 250.5, result: 'win', status: 'settled', at: '2026-11-28T05:00:00.000Z' }],
      })),
    );
    const view = renderScreen(<MembersDirectoryPage canWriteNotes canRequestEdit canApprove />, { language: 'en' });
    fireEvent.click(await screen.findByText('0812345678'));
    await screen.findByText('asked about the bonus');
    expect(thaiLeftIn(view.container)).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: 'Edit details' }));
    await screen.findByText(/old account closed/);
    expect(thaiLeftIn(view.container)).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: 'Bets' }));
    await screen.findByTestId('history-bets');
    await waitFor(() => expect(screen.getByTestId('history-bets').textContent).toContain('golden-elephant'));
    expect(thaiLeftIn(view.container)).toEqual([]);
  });
});
