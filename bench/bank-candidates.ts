import { createTestDatabase } from '@sabai/db/testing';
import { loadBankCandidates, type IncomingCredit } from '../apps/api/src/modules/deposits/index.ts';
import { envInteger } from './env-integer.ts';

/**
 * `DATABASE_URL=postgres://… npx tsx bench/bank-candidates.ts` (docs/adr/0076): the bank credit's
 * candidate read at operator scale. A fresh migrated database with BENCH_MEMBERS (100,000) members
 * (10-digit accounts, five banks, inserted by SQL and ANALYZEd); then BENCH_READS (300) reads per
 * mask shape through `loadBankCandidates` (the product's read: the exact fit in SQL, migration
 * 0066's indexes), and the same reads as the read was before (`strpos` over members, LIMIT 50).
 * Prints the mean time per read at the client and the rows found; asserts nothing.
 */
const memberCount = envInteger('BENCH_MEMBERS', 100_000, 1_000, 2_000_000);
const reads = envInteger('BENCH_READS', 300, 10, 100_000);

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL: the read is measured on a PostgreSQL server');
  const { db, drop } = await createTestDatabase();
  try {
    // Accounts from a fixed permutation of the member number: distinct, spread over every digit.
    await db.query(
      `INSERT INTO members (id, phone_number, password_hash, bank_code, bank_account_number, first_name, last_name, affiliate_key)
       SELECT 'mbr_' || lpad(to_hex(n), 20, '0'), '08' || lpad(n::text, 8, '0'), 'x', lpad((n % 5 * 2 + 2)::text, 3, '0'),
              lpad(((n::int8 * 7919 + 12345) % 10000000000)::text, 10, '0'), 'ชื่อ' || n, 'สกุล' || n, lpad(upper(to_hex(n)), 8, '0')
       FROM generate_series(1, $1::int) AS n`,
      [memberCount],
    );
    await db.query('ANALYZE members');
    const sample = (await db.query<{ bank_account_number: string; bank_code: string; first_name: string; last_name: string }>(
      `SELECT bank_account_number, bank_code, first_name, last_name FROM members ORDER BY id LIMIT $1`,
      [reads],
    )).rows;
    const credit = (fields: Partial<IncomingCredit>): IncomingCredit => ({ channelKind: 'bank', amountSatang: 10_000n, occurredAt: new Date(), senderBankCode: null, senderAccountMasked: null, senderName: null, ...fields });
    const shapes: Array<[string, (row: (typeof sample)[number]) => IncomingCredit, (row: (typeof sample)[number]) => string]> = [
      ['hidden both sides (X234567X)', (row) => credit({ senderAccountMasked: `X${row.bank_account_number.slice(3, 9)}X` }), (row) => row.bank_account_number.slice(3, 9)],
      ['hidden before, 4 digits (xxx-x-x1234)', (row) => credit({ senderAccountMasked: `xxx-x-x${row.bank_account_number.slice(6)}` }), (row) => row.bank_account_number.slice(6)],
      ['whole account', (row) => credit({ senderAccountMasked: row.bank_account_number }), (row) => row.bank_account_number],
      ['holder name at the bank', (row) => credit({ senderBankCode: row.bank_code, senderName: `${row.first_name} ${row.last_name}` }), () => ''],
    ];
    console.log(`bank credit candidate read, ${memberCount.toLocaleString('en-US')} members, ${reads} reads per shape (mean per read at the client):`);
    for (const [name, makeCredit, probeOf] of shapes) {
      let found = 0;
      let startedAt = performance.now();
      for (const row of sample) found += (await db.transaction((tx) => loadBankCandidates(tx, makeCredit(row)))).members.length;
      const nowMs = (performance.now() - startedAt) / sample.length;
      let before = '';
      if (probeOf(sample[0]!) !== '') {
        let foundBefore = 0;
        startedAt = performance.now();
        for (const row of sample) {
          foundBefore += (await db.query('SELECT id FROM members WHERE strpos(bank_account_number, $1) > 0 LIMIT 50', [probeOf(row)])).rows.length;
        }
        before = `; the strpos read over members: ${((performance.now() - startedAt) / sample.length).toFixed(2)} ms (${(foundBefore / sample.length).toFixed(1)} rows, exact or not)`;
      }
      console.log(`  ${name}: ${nowMs.toFixed(2)} ms, ${(found / sample.length).toFixed(1)} fitting members${before}`);
    }
  } finally {
    await drop();
  }
}

await main();
