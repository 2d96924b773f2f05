import { appendCrc } from '../promptpay-payload.ts';

const tlv = (id: string, value: string): string => `${id}${String(value.length).padStart(2, '0')}${value}`;

/**
 * A dynamic PromptPay payload to a 13-digit tax id, as the member site shows it (tests only):
 * 00 format, 01 point of initiation 12, 29 credit transfer (AID + sub-tag 02), 53 THB, 54 amount,
 * 58 TH, 63 CRC.
 */
export function buildTaxIdPayload(taxId: string, amount: string): string {
  const merchant = tlv('00', 'A000000677010111') + tlv('02', taxId);
  return appendCrc(tlv('00', '01') + tlv('01', '12') + tlv('29', merchant) + tlv('53', '764') + tlv('54', amount) + tlv('58', 'TH'));
}
