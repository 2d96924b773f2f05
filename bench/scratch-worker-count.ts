import { createTestApp } from '../apps/api/src/test/test-app.ts';
import { fundedMember, postFeed, statementFrom } from '../apps/api/src/test/money-helpers.ts';
import { countStatements } from '../apps/api/src/test/statement-counter.ts';

async function main(): Promise<void> {
  const t = await createTestApp({ env: { RATE_LIMIT_SCALE: '1000' } });
  const member = await t.signUp();
  await fundedMember(t, '100.00');
  const counter = countStatements(t.db);
  for (let i = 0; i < 3; i += 1) {
    let workerTexts: string[] = [];
    let api = 0;
    t.outboxInline.before = () => { api = counter.stop().statements; counter.start(); };
    t.outboxInline.after = () => { workerTexts = counter.stop().texts; };
    counter.start();
    const answer = await postFeed(t, 'statement', statementFrom(member, '150.00'), { sourceId: 'src_statement_bbl' });
    if (answer.body.data?.status !== 'credited') throw new Error(JSON.stringify(answer.body));
    console.log(`delivery ${i}: api ${api}, worker ${workerTexts.length}`);
    if (i === 2) console.log(workerTexts.join('\n'));
  }
  await t.close();
  process.exit(0);
}
main().catch((e) => { console.error(e); process.exit(1); });
