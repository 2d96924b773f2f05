import { parseBahtToSatang } from '@sabai/money';
import { z } from 'zod';
import type { SlipParty, SlipTransfer } from './slip-verify-adapter.ts';

/**
 * The transfer record in the ITMX slip-verification answer, as SCB and KBank document it (the `data`
 * object): transRef, sendingBank, receivingBank, transDate (`yyyyMMdd`), transTime (`HH:mm:ss`,
 * Bangkok time), sender / receiver {displayName, name, proxy {type, value}, account {type, value}},
 * amount (a decimal baht string or number). Fields we do not use are allowed and ignored.
 */
const party = z.object({
  displayName: z.string().max(200).nullish(),
  name: z.string().max(200).nullish(),
  proxy: z.object({ type: z.string().max(20).nullish(), value: z.string().max(128).nullish() }).nullish(),
  account: z.object({ type: z.string().max(20).nullish(), value: z.string().max(64).nullish() }).nullish(),
});
export const itmxSlipData = z.object({
  transRef: z.string().min(1).max(40),
  sendingBank: z.string().regex(/^\d{3}$/),
  receivingBank: z.string().regex(/^\d{3}$/).nullish(),
  transDate: z.string().regex(/^\d{8}$/),
  transTime: z.string().regex(/^\d{2}:\d{2}:\d{2}$/),
  sender: party,
  receiver: party,
  amount: z.union([z.string().max(20), z.number()]),
});
export type ItmxSlipData = z.infer<typeof itmxSlipData>;

/**
 * Maps the ITMX `data` object to our SlipTransfer. Amount through packages/money (baht with at most
 * two decimals → satang, never rounded; thousands separators in a string are dropped).
 * @returns null when the amount is not a positive baht amount or the date is not a date.
 */
export function readItmxSlipData(data: ItmxSlipData): SlipTransfer | null {
  const amount = parseBahtToSatang(typeof data.amount === 'number' ? data.amount : data.amount.replace(/,/g, ''));
  if (!amount.ok || amount.amountSatang <= 0n) return null;
  const iso = `${data.transDate.slice(0, 4)}-${data.transDate.slice(4, 6)}-${data.transDate.slice(6, 8)}T${data.transTime}+07:00`;
  const occurredAt = new Date(iso);
  if (Number.isNaN(occurredAt.getTime())) return null;
  const partyOf = (side: ItmxSlipData['sender'], bankCode: string | null): SlipParty => ({
    bankCode,
    account: side.account?.value?.trim() || null,
    name: (side.displayName ?? side.name ?? '').trim() || null,
  });
  return {
    sendingBankCode: data.sendingBank,
    transRef: data.transRef,
    amountSatang: amount.amountSatang,
    occurredAt,
    sender: partyOf(data.sender, data.sendingBank),
    receiver: partyOf(data.receiver, data.receivingBank ?? null),
  };
}
