import { createTestApp } from '../apps/api/src/test/test-app.ts';
import { fundedMember, postFeed, statementFrom } from '../apps/api/src/test/money-helpers.ts';
import { countStatements } from '../apps/api/src/test/statement-counter.ts';
import { envInteger } from './env-integer.ts';

/**
 * `npx tsx bench/feed-follow-up-statements.ts` (PGlite; or with DATABASE_URL, PostgreSQL): SQL
 * statements of one bank-feed credit, the call's own and the worker's follow-up after it (the
 * test app's inline outbox run: relays and deliveries, without pg-boss's fetch and completion of
 * each job — two statements per delivery — and its job insert per relay), docs/adr/0067. A member
 * without a LINE link, the demo site's wheel on. BENCH_FEED_DELIVERIES (3) credits one after the
 * other; the follow-up's statements of the last are printed. Prints figures; asserts nothing.
 */
const deliveries = envInteger('BENCH_FEED_DELIVERIES', 3, 1, 1_000);

async function main(): Promise<void> {
  const t = await createTestApp({ env: { RATE_LIMIT_SCALE: '1000' } });
  try {
    const member = await t.signUp();
    await fundedMember(t, '100.00');
    const counter = countStatements(t.db);
    let followUp: string[] = [];
    for (let index = 0; index < deliveries; index += 1) {
      let call = 0;
      t.outboxInline.before = () => {
        call = counter.stop().statements;
        counter.start();
      };
      t.outboxInline.after = () => {
        followUp = counter.stop().texts;
      };
      counter.start();
      const answer = await postFeed(t, 'statement', statementFrom(member, '150.00'), { sourceId: 'src_statement_bbl' });
      if (answer.body.data?.status !== 'credited') throw new Error(`a delivery answered ${JSON.stringify(answer.body)}`);
      console.log(`credit ${index + 1}: the call ${call} statements, the follow-up ${followUp.length}`);
    }
    t.outboxInline.before = undefined;
    t.outboxInline.after = undefined;
    console.log(`the last credit's follow-up:\n  ${followUp.join('\n  ')}`);
  } finally {
    await t.close();
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
