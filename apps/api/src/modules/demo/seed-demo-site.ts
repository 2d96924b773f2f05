import type { Db } from '@sabai/db';
import { hashPassword } from '../../lib/password.ts';
import { depositChannelAccountCode, ensureHouseAccount } from '@sabai/ledger';
import { openMemberWallets } from '../wallet/index.ts';

/**
 * The demo site of the quick start: a believable brand with its settings, and one demo member
 * (phone 0800000001, password `demo1234`, Kasikorn 0401234567, known to the sandbox bank as
 * สมชาย ใจดี). Idempotent: seeds only what is missing, never overwrites an operator's changes.
 * @returns what it created.
 */
export const DEMO_APP_ID = 'sabai-demo-7f3k2q9x';
export const DEMO_MEMBER = {
  id: 'mbr_demo0000000000000001',
  phoneNumber: '0800000001',
  password: 'demo1234',
  bankCode: '004',
  accountNumber: '0401234567',
  firstName: 'สมชาย',
  lastName: 'ใจดี',
  affiliateKey: 'DEMO2026',
} as const;

/**
 * The demo operator's house accounts (spec §3 "Deposit channel") and the feed sources that report
 * money arriving on them. The sandbox bank knows the same accounts (apps/sandbox/src/bank).
 * `gatewaySourceId`: the house phone's SMS Gateway for Android source (docs/adr/0013), which the
 * sandbox uses when its SMS delivery for that account is switched to the app's format.
 */
export const DEMO_CHANNELS = [
  { id: 'chn_kbank_main', kind: 'bank', bankCode: '004', accountNumber: '0011535946', accountName: 'บจก. สบาย ดิจิทัล', phoneNumber: null, promptPayId: null, source: { id: 'src_sms_kbank', kind: 'sms' }, gatewaySourceId: 'src_gw_kbank' },
  { id: 'chn_scb_main', kind: 'bank', bankCode: '014', accountNumber: '4021354011', accountName: 'บจก. สบาย ดิจิทัล', phoneNumber: null, promptPayId: null, source: { id: 'src_sms_scb', kind: 'sms' }, gatewaySourceId: 'src_gw_scb' },
  { id: 'chn_bbl_main', kind: 'bank', bankCode: '002', accountNumber: '1170012345', accountName: 'บจก. สบาย ดิจิทัล', phoneNumber: null, promptPayId: null, source: { id: 'src_statement_bbl', kind: 'statement' }, gatewaySourceId: null },
  { id: 'chn_truemoney', kind: 'truemoney', bankCode: null, accountNumber: null, accountName: 'สบาย วอลเล็ท', phoneNumber: '0951234567', promptPayId: null, source: { id: 'src_truemoney', kind: 'truemoney' }, gatewaySourceId: null },
  { id: 'chn_promptpay', kind: 'promptpay', bankCode: '004', accountNumber: '0011535946', accountName: 'บจก. สบาย ดิจิทัล', phoneNumber: null, promptPayId: '0105566012345', source: { id: 'src_statement_promptpay', kind: 'statement' }, gatewaySourceId: null },
] as const;

export async function seedDemoSite(
  db: Db,
  options: { feedSecret?: string } = {},
): Promise<{ createdSettings: boolean; createdMember: boolean; createdChannels: number }> {
  const createdChannels = await seedDemoChannels(db, options.feedSecret ?? 'sandbox-feed-secret-change-me');
  const settings = await db.query(
    `INSERT INTO site_settings (
       id, app_id, site_name, line_id, logo_url, theme, alert_image_url, alert_message, partner, products,
       withdraw_enabled, withdraw_min_satang, withdraw_max_satang, withdraw_auto_max_satang,
       cashback_enabled, cashback_payout_basis_points, cashback_min_claim_satang,
       affiliate_enabled, affiliate_min_withdraw_satang, affiliate_turnover_multiple,
       affiliate_level1_enabled, affiliate_level1_basis_points, affiliate_level2_enabled, affiliate_level2_basis_points,
       affiliate_auto_withdraw_enabled, affiliate_auto_withdraw_max_satang, opened_at, opened_by)
     VALUES (1, $1, 'Sabai', '@sabai.demo', '/static/brand/logo.svg', $2, NULL, $3, 'Sabai Games', $4,
       true, 10000, 5000000, 500000,
       true, 500, 100,
       true, 10000, 1,
       true, 500, true, 200,
       true, 100000, now(), 'demo-seed')
     ON CONFLICT (id) DO NOTHING`,
    [
      DEMO_APP_ID,
      { primaryColor: '#e8c15a', secondaryColor: '#1c1a14', backgroundColor: '#0d0c09', textColor: '#f6f1e3' },
      'ยินดีต้อนรับสู่ Sabai ฝาก-ถอนอัตโนมัติตลอด 24 ชั่วโมง · บริการเฉพาะผู้มีอายุ 20 ปีขึ้นไป โปรดเล่นอย่างมีสติ',
      // What the sandbox partner can launch (a live table and a slot): the landing page advertises
      // only these (issue 14 §3: no category that ends in "not open yet").
      ['LIVECASINO', 'EGAMES'],
    ],
  );
  const createdSettings = settings.rowCount > 0;

  await seedDemoPromotions(db);
  const existing = await db.query('SELECT 1 FROM members WHERE id = $1 OR phone_number = $2', [DEMO_MEMBER.id, DEMO_MEMBER.phoneNumber]);
  if (existing.rowCount > 0) return { createdSettings, createdMember: false, createdChannels };
  const passwordHash = await hashPassword(DEMO_MEMBER.password);
  await db.transaction(async (tx) => {
    await tx.query(
      // The demo member's account is the sandbox bank's: verified as name inquiry would (docs/adr/0040).
      `INSERT INTO members (id, phone_number, password_hash, bank_code, bank_account_number, first_name, last_name, affiliate_key,
         bank_account_verified_at, bank_account_verified_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), 'name_inquiry')`,
      [DEMO_MEMBER.id, DEMO_MEMBER.phoneNumber, passwordHash, DEMO_MEMBER.bankCode, DEMO_MEMBER.accountNumber, DEMO_MEMBER.firstName, DEMO_MEMBER.lastName, DEMO_MEMBER.affiliateKey],
    );
    await openMemberWallets(tx, DEMO_MEMBER.id);
  });
  return { createdSettings, createdMember: true, createdChannels };
}

async function seedDemoChannels(db: Db, feedSecret: string): Promise<number> {
  let created = 0;
  for (const [index, channel] of DEMO_CHANNELS.entries()) {
    await db.transaction(async (tx) => {
      const ledgerAccountId = await ensureHouseAccount(tx, {
        code: depositChannelAccountCode(channel),
        kind: 'house_asset',
        isTotalsCached: false, // every deposit touches it: totals derived from entries
      });
      const inserted = await tx.query(
        `INSERT INTO deposit_channels (id, kind, bank_code, account_number, account_name, phone_number, promptpay_id, sort_order, ledger_account_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
        [channel.id, channel.kind, channel.bankCode, channel.accountNumber, channel.accountName, channel.phoneNumber, channel.promptPayId, index, ledgerAccountId],
      );
      // Demo sources: the sandbox signs with the same (possibly public) secret; never accepted in production.
      await tx.query(
        `INSERT INTO bank_feed_sources (id, kind, channel_id, secret, is_demo) VALUES ($1, $2, $3, $4, true) ON CONFLICT (id) DO NOTHING`,
        [channel.source.id, channel.source.kind, channel.id, feedSecret],
      );
      if (channel.gatewaySourceId) {
        await tx.query(
          `INSERT INTO bank_feed_sources (id, kind, protocol, channel_id, secret, is_demo) VALUES ($1, 'sms', 'sms_gateway', $2, $3, true) ON CONFLICT (id) DO NOTHING`,
          [channel.gatewaySourceId, channel.id, feedSecret],
        );
      }
      created += inserted.rowCount;
    });
  }
  return created;
}

/**
 * Two believable promotions (docs/adr/0010 units: type 1 amounts in hundredths of a multiple,
 * otherwise satang): 100% welcome bonus up to 1,000 baht, 5× turnover, withdraw up to 10×; and a
 * 10% daily bonus up to 500 baht, 3× turnover, no withdraw cap. Eligibility (migration 0017): the
 * welcome bonus is for the first deposit only, once; the daily bonus once per member per day.
 * Each comes with an approved bonus budget of 1,000,000 baht (issue 25 §1, migration 0045).
 */
async function seedDemoPromotions(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO promotions (id, title, image_url, description, minimum_deposit_satang, deposit_type, bonus_value, max_bonus_type, max_bonus,
       turnover_type, turnover_amount, max_withdraw_type, max_withdraw_amount, starts_at, sort_order, eligibility, once_per_member, once_per_day, budget_approved_satang)
     VALUES
       ('welcome-100', 'สมาชิกใหม่ รับโบนัส 100%', '/static/brand/promo-welcome.svg', 'ฝากครั้งแรกขั้นต่ำ 100 บาท รับโบนัส 100% สูงสุด 1,000 บาท ทำเทิร์น 5 เท่า ถอนได้สูงสุด 10 เท่า',
        10000, 1, 100, 0, 100000, 1, 500, 1, 1000, '2026-01-01T00:00:00Z', 1, 'first_deposit', true, false, 100000000),
       ('daily-10', 'โบนัสรายวัน 10%', '/static/brand/promo-daily.svg', 'ฝากขั้นต่ำ 300 บาท รับโบนัส 10% สูงสุด 500 บาท วันละครั้ง ทำเทิร์น 3 เท่า ถอนได้ไม่จำกัด',
        30000, 1, 10, 0, 50000, 1, 300, 0, 0, '2026-01-01T00:00:00Z', 2, 'any', false, true, 100000000)
     ON CONFLICT (id) DO NOTHING`,
  );
}
