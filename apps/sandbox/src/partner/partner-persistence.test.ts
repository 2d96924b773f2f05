import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerPartner } from './index.ts';
import { PERSIST_DEBOUNCE_MS } from './partner-persistence.ts';
import { AGENT_ID, AGENT_SECRET, spinSlot, startPartnerApp } from './test/partner-test-app.ts';

describe('partner persistence', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'sabai-partner-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps members, balances, transfer outcomes and the bets feed across a restart', async () => {
    const dataFile = join(directory, 'nested', 'partner.json');
    const first = await startPartnerApp({ dataFile });
    await first.fundMember('keep01', '100.00');
    const password = (await first.call('POST', '/partner/v1/members', { username: 'keep01' })).json().password;
    const token = await first.openGame('keep01', 'sabai-slot-golden-elephant');
    await spinSlot(first.app, token, '5.00', 3);
    const feedBefore = (await first.call('GET', '/partner/v1/bets?limit=2')).json();
    const balanceBefore = first.partner.balanceOf('keep01');
    await first.app.close();

    const second = await startPartnerApp({ dataFile });
    expect(second.partner.balanceOf('keep01')).toBe(balanceBefore);
    expect((await second.call('POST', '/partner/v1/members', { username: 'keep01' })).json()).toEqual({ username: 'keep01', password, created: false });
    // The funding reference is remembered: a retry after the restart does not apply twice.
    expect((await second.call('POST', '/partner/v1/transfers', { reference: 'fund-keep01-1', username: 'keep01', direction: 'in', amount: '100.00' })).json()).toEqual({
      reference: 'fund-keep01-1',
      status: 'succeeded',
      balanceAfter: '100.00',
    });
    expect(second.partner.balanceOf('keep01')).toBe(balanceBefore);
    expect((await second.call('GET', '/partner/v1/bets?limit=2')).json()).toEqual(feedBefore);
    const rest = (await second.call('GET', `/partner/v1/bets?cursor=${feedBefore.nextCursor}`)).json();
    expect(rest.records).toHaveLength(1);
    await second.app.close();
  });

  it('writes a change within the debounce window, atomically, without waiting for close', async () => {
    const dataFile = join(directory, 'partner.json');
    const partner = await startPartnerApp({ dataFile });
    await partner.fundMember('quick01', '12.34');
    await new Promise((resolve) => setTimeout(resolve, PERSIST_DEBOUNCE_MS + 150));
    const saved = JSON.parse(await readFile(dataFile, 'utf8'));
    expect(saved.members).toEqual([expect.objectContaining({ username: 'quick01', balanceSatang: '1234' })]);
    await partner.app.close();
  });

  it('keeps how often an apply_twice transfer moved the balance across a restart', async () => {
    const dataFile = join(directory, 'partner.json');
    const first = await startPartnerApp({ dataFile });
    await first.fundMember('twice01', '1.00');
    await first.call('POST', '/partner/v1/sandbox/faults', { transfer: 'apply_twice' });
    await first.call('POST', '/partner/v1/transfers', { reference: 't-twice', username: 'twice01', direction: 'in', amount: '2.00' });
    await first.app.close();
    const saved = JSON.parse(await readFile(dataFile, 'utf8'));
    expect(saved.transfers).toEqual([expect.not.objectContaining({ appliedTimes: expect.anything() }), expect.objectContaining({ reference: 't-twice', appliedTimes: 2 })]);

    const second = await startPartnerApp({ dataFile });
    expect(second.partner.balanceOf('twice01')).toBe(500n);
    await second.app.close();
    expect(JSON.parse(await readFile(dataFile, 'utf8')).transfers).toEqual(saved.transfers);
  });

  it('loads a version-1 file written before appliedTimes existed', async () => {
    const dataFile = join(directory, 'partner.json');
    const transfer = { reference: 't-old', username: 'old01', direction: 'in', amountKey: 'satang:700', outcome: { status: 'succeeded', balanceAfterSatang: '700' }, at: '2026-03-01T00:00:00.000Z' };
    const member = { username: 'old01', password: 'abcd1234', balanceSatang: '700', createdAt: '2026-03-01T00:00:00.000Z' };
    await writeFile(dataFile, JSON.stringify({ version: 1, members: [member], transfers: [transfer], records: [] }));
    const partner = await startPartnerApp({ dataFile });
    expect(partner.partner.balanceOf('old01')).toBe(700n);
    expect((await partner.call('POST', '/partner/v1/transfers', { reference: 't-old', username: 'old01', direction: 'in', amount: '7' })).json()).toEqual({
      reference: 't-old',
      status: 'succeeded',
      balanceAfter: '7.00',
    });
    await partner.app.close();
  });

  it('refuses to start on a data file that is not a partner state file', async () => {
    const dataFile = join(directory, 'partner.json');
    await writeFile(dataFile, JSON.stringify({ version: 99 }));
    await expect(registerPartner(Fastify(), { agentId: AGENT_ID, agentSecret: AGENT_SECRET, publicBaseUrl: () => 'http://x', dataFile })).rejects.toThrow(/not a version 1 state file/);
  });
});
