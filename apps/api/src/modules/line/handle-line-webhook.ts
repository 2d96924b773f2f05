import { lineWebhookBody, lineWebhookEvent, type LineWebhookBody, type LineWebhookEvent } from '@sabai/contracts';
import { formatBaht } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { readMemberWalletBalances } from '../wallet/index.ts';
import type { LineClient, LineMessage } from './line-client.ts';
import { completeAccountLink, memberOfLineUser } from './line-links.ts';
import { isValidLineSignature } from './line-signature.ts';

/** The word a member types for their balance. */
export const BALANCE_KEYWORD = 'ยอดเงิน';

export type WebhookOutcome = { status: 'refused' } | { status: 'ok'; processed: number; duplicates: number };

const text = (value: string): LineMessage => ({ type: 'text', text: value });

/**
 * `POST /line/v1/webhook` (issue 12): checks `X-Line-Signature` over the raw bytes first (refused
 * → nothing read, nothing changes), then handles each event once by its `webhookEventId` (LINE
 * redelivers with the same id): follow / unfollow (who follows the account), accountLink (binds
 * the LINE user to the member of the nonce), and text messages ("ยอดเงิน" → the balance by reply
 * when linked; otherwise how to link).
 */
export async function handleLineWebhook(context: AppContext, client: LineClient, input: { rawBody: Buffer; signature: string | undefined; linkPageUrl: string }): Promise<WebhookOutcome> {
  if (!isValidLineSignature(input.rawBody, input.signature, context.config.LINE_CHANNEL_SECRET)) return { status: 'refused' };
  let parsed: LineWebhookBody;
  try {
    parsed = lineWebhookBody.parse(JSON.parse(input.rawBody.toString('utf8')));
  } catch {
    return { status: 'ok', processed: 0, duplicates: 0 };
  }
  let processed = 0;
  let duplicates = 0;
  for (const raw of parsed.events) {
    const event = lineWebhookEvent.safeParse(raw);
    if (!event.success) continue;
    const first = await context.db.query('INSERT INTO line_webhook_events (webhook_event_id, event_type, received_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING webhook_event_id', [
      event.data.webhookEventId,
      event.data.type,
      context.now(),
    ]);
    if (first.rows.length === 0) {
      duplicates += 1;
      continue;
    }
    try {
      await handleEvent(context, client, event.data, input.linkPageUrl);
    } catch (error) {
      // Not handled after all: forget the id, so LINE's redelivery of this event is handled.
      await context.db.query('DELETE FROM line_webhook_events WHERE webhook_event_id = $1', [event.data.webhookEventId]);
      throw error;
    }
    processed += 1;
  }
  return { status: 'ok', processed, duplicates };
}

async function handleEvent(context: AppContext, client: LineClient, event: LineWebhookEvent, linkPageUrl: string): Promise<void> {
  const userId = event.source?.userId;
  if (!userId) return;
  const reply = async (messages: LineMessage[]) => {
    if (event.replyToken) await client.reply(event.replyToken, messages);
  };
  const setFollowing = (following: boolean) =>
    context.db.query(
      `INSERT INTO line_users (line_user_id, following, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (line_user_id) DO UPDATE SET following = $2, updated_at = $3`,
      [userId, following, context.now()],
    );
  switch (event.type) {
    case 'follow': {
      await setFollowing(true);
      const linked = await memberOfLineUser(context.db, userId);
      await reply([text(linked ? 'ยินดีต้อนรับกลับสู่ Sabai แจ้งเตือนการเงินจะส่งมาที่นี่' : `ยินดีต้อนรับสู่ Sabai\n${await linkInstructions(client, userId, linkPageUrl)}`)]);
      return;
    }
    case 'unfollow':
      await setFollowing(false);
      return;
    case 'accountLink': {
      const nonce = event.link?.nonce;
      const memberId = event.link?.result === 'ok' && nonce ? await completeAccountLink(context, { nonce, lineUserId: userId }) : null;
      await setFollowing(true);
      await reply([text(memberId ? 'เชื่อมต่อบัญชี Sabai กับ LINE สำเร็จ คุณจะได้รับแจ้งเตือนฝาก ถอน และโบนัสที่นี่ พิมพ์ "ยอดเงิน" เพื่อดูยอดเงิน' : 'เชื่อมต่อบัญชีไม่สำเร็จ กรุณาลองใหม่จากลิงก์ล่าสุด')]);
      return;
    }
    case 'message': {
      if (event.message?.type !== 'text') return;
      const memberId = await memberOfLineUser(context.db, userId);
      if (!memberId) {
        await reply([text(`ยังไม่ได้เชื่อมต่อบัญชี Sabai\n${await linkInstructions(client, userId, linkPageUrl)}`)]);
        return;
      }
      if (event.message.text?.trim() === BALANCE_KEYWORD) {
        const balances = await readMemberWalletBalances(context.db, memberId);
        await reply([text(`ยอดเงินคงเหลือ ${formatBaht((balances.main ?? 0n) + (balances.game ?? 0n))} บาท`)]);
        return;
      }
      await reply([text(`พิมพ์ "${BALANCE_KEYWORD}" เพื่อดูยอดเงินคงเหลือ`)]);
      return;
    }
    default:
      return;
  }
}

/** "Tap this link, sign in, confirm": a fresh link token from LINE for this LINE user on our link page. */
async function linkInstructions(client: LineClient, userId: string, linkPageUrl: string): Promise<string> {
  try {
    const linkToken = await client.issueLinkToken(userId);
    const url = new URL(linkPageUrl);
    url.searchParams.set('lineLinkToken', linkToken);
    return `เชื่อมต่อบัญชีเพื่อรับแจ้งเตือนฝาก-ถอน: แตะลิงก์นี้ เข้าสู่ระบบ แล้วกดยืนยัน\n${url.toString()}`;
  } catch {
    return 'เชื่อมต่อบัญชีได้ที่หน้าโปรไฟล์บนเว็บไซต์ (ปุ่ม "เชื่อมต่อ LINE")';
  }
}
