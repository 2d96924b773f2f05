import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  memberDirectoryQuery, memberDirectoryResponse, memberEditBody, memberEditResponse, memberEditsResponse, memberHistoryParams, memberHistoryQuery,
  memberHistoryResponse, memberNoteBody, memberNoteResponse, memberNotesResponse, memberParams,
} from '@sabai/contracts';
import { inLedgerTransaction } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { requireStaffPrincipal } from '../../plugins/staff-auth.ts';
import { readMoneyApproval } from '../approvals/index.ts';
import { listMemberDirectory } from './list-member-directory.ts';
import { addMemberNote, listMemberNotes } from './member-notes.ts';
import { listMemberEdits, memberEditToWire, requestMemberEdit } from './edit-member.ts';
import { memberHistory } from './member-history.ts';

const TAGS = ['back office: members'];

/**
 * The member directory of the back office (issue 25 §4, docs/adr/0052): the paged list with
 * filters, staff notes, bank account / name edits under four-eyes (approved in the approvals
 * queue, kind `member.edit`), and a member's bet, bonus and adjustment history.
 * Permissions: modules/staff/staff-roles.ts.
 */
export function registerMemberDirectoryRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/admin-api/v1/member-directory', { schema: { tags: TAGS, querystring: memberDirectoryQuery, response: { 200: memberDirectoryResponse } } }, async (request) => ({
    success: true, message: 'ok', data: await listMemberDirectory(context.db, { ...request.query, now: context.now() }),
  }));

  routes.get('/admin-api/v1/members/:memberId/notes', { schema: { tags: TAGS, params: memberParams, response: { 200: memberNotesResponse } } }, async (request) => ({
    success: true, message: 'ok', data: await listMemberNotes(context.db, request.params.memberId),
  }));
  routes.post('/admin-api/v1/members/:memberId/notes', { schema: { tags: TAGS, params: memberParams, body: memberNoteBody, response: { 200: memberNoteResponse } } }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const note = await context.db.transaction((tx) => addMemberNote(tx, {
      memberId: request.params.memberId, body: request.body.body, actor: `staff:${staff.username}`, actorRole: staff.role, address: request.ip, now: context.now(),
    }));
    return { success: true, message: 'บันทึกแล้ว', data: note };
  });

  routes.get('/admin-api/v1/members/:memberId/edits', { schema: { tags: TAGS, params: memberParams, response: { 200: memberEditsResponse } } }, async (request) => {
    const staff = requireStaffPrincipal(request);
    return { success: true, message: 'ok', data: await listMemberEdits(context.db, request.params.memberId, staff) };
  });
  routes.post('/admin-api/v1/members/:memberId/edits', { schema: { tags: TAGS, params: memberParams, body: memberEditBody, response: { 200: memberEditResponse } } }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const { reason, ...changes } = request.body;
    const approval = await inLedgerTransaction(context.db, async (tx) => {
      const outcome = await requestMemberEdit(tx, { memberId: request.params.memberId, changes, reason, staffId: staff.staffId, role: staff.role, address: request.ip, now: context.now() });
      return readMoneyApproval(tx, outcome.approvalId);
    });
    return { success: true, message: 'ส่งคำขอแก้ไขแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ', data: memberEditToWire(approval, staff) };
  });

  routes.get('/admin-api/v1/members/:memberId/history/:kind', {
    schema: { tags: TAGS, params: memberHistoryParams, querystring: memberHistoryQuery, response: { 200: memberHistoryResponse } },
  }, async (request) => ({
    success: true, message: 'ok', data: await memberHistory(context.db, { memberId: request.params.memberId, kind: request.params.kind, ...request.query }),
  }));
}
