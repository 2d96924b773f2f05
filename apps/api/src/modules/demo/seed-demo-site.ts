import type { Db } from '@sabai/db';
import { hashPassword } from '../../lib/password.ts';
import { openMemberWallets } from '../auth/member-wallets.ts';

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

export async function seedDemoSite(db: Db): Promise<{ createdSettings: boolean; createdMember: boolean }> {
  const settings = await db.query(
    `INSERT INTO site_settings (
       id, app_id, site_name, line_id, logo_url, theme, alert_image_url, alert_message, partner, products,
       withdraw_enabled, withdraw_min_satang, withdraw_max_satang, withdraw_auto_max_satang,
       cashback_enabled, cashback_payout_basis_points, cashback_min_claim_satang,
       affiliate_enabled, affiliate_min_withdraw_satang, affiliate_turnover_multiple,
       affiliate_level1_enabled, affiliate_level1_basis_points, affiliate_level2_enabled, affiliate_level2_basis_points,
       affiliate_auto_withdraw_enabled, affiliate_auto_withdraw_max_satang)
     VALUES (1, $1, 'Sabai', '@sabai.demo', '/static/brand/logo.svg', $2, NULL, $3, 'Sabai Games', $4,
       true, 10000, 5000000, 500000,
       true, 500, 100,
       true, 10000, 1,
       true, 500, true, 200,
       true, 100000)
     ON CONFLICT (id) DO NOTHING`,
    [
      DEMO_APP_ID,
      { primaryColor: '#e8c15a', secondaryColor: '#1c1a14', backgroundColor: '#0d0c09', textColor: '#f6f1e3' },
      'ยินดีต้อนรับสู่ Sabai ฝาก-ถอนอัตโนมัติตลอด 24 ชั่วโมง · บริการเฉพาะผู้มีอายุ 20 ปีขึ้นไป โปรดเล่นอย่างมีสติ',
      ['LIVECASINO', 'EGAMES', 'POKER', 'TRADING'],
    ],
  );
  const createdSettings = settings.rowCount > 0;

  const existing = await db.query('SELECT 1 FROM members WHERE id = $1 OR phone_number = $2', [DEMO_MEMBER.id, DEMO_MEMBER.phoneNumber]);
  if (existing.rowCount > 0) return { createdSettings, createdMember: false };
  const passwordHash = await hashPassword(DEMO_MEMBER.password);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO members (id, phone_number, password_hash, bank_code, bank_account_number, first_name, last_name, affiliate_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [DEMO_MEMBER.id, DEMO_MEMBER.phoneNumber, passwordHash, DEMO_MEMBER.bankCode, DEMO_MEMBER.accountNumber, DEMO_MEMBER.firstName, DEMO_MEMBER.lastName, DEMO_MEMBER.affiliateKey],
    );
    await openMemberWallets(tx, DEMO_MEMBER.id);
  });
  return { createdSettings, createdMember: true };
}
