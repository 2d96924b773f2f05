import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedMember, postFeed, statementFrom } from '../../test/money-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('history ids (issue 13 §3.8)', () => {
  it('shows a deposit by its own opaque id, never a running sequence', async () => {
    const member = await fundedMember(t, '100.00');
    await postFeed(t, 'statement', statementFrom(member, '50.00'), { sourceId: 'src_statement_bbl' });
    const history = await t.call({ method: 'GET', url: '/user-profile-composite/v1/history/deposit', token: member.token });
    const ids = (history.body.data.Transaction as Array<{ id: string; TransType: string }>).map((row) => row.id);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^dep_[a-z0-9]{20}$/);
    const { rows } = await t.db.query<{ id: string }>(`SELECT d.id FROM deposits d JOIN members m ON m.id = d.member_id WHERE m.phone_number = $1`, [member.phoneNumber]);
    expect(new Set(ids)).toEqual(new Set(rows.map((row) => row.id)));
    // Statement lines carry the bank's own reference, shown with the row.
    const references = (history.body.data.Transaction as Array<{ reference: string | null }>).map((row) => row.reference);
    for (const reference of references) expect(reference).toMatch(/^[0-9a-f-]{36}$/);
  });
});
