import QRCode from 'qrcode';
import sharp from 'sharp';
import { satangToDecimalString } from '@sabai/money';
import { crc16CcittFalse } from './promptpay-payload.ts';
import type { SandboxBank } from './sandbox-bank.ts';
import type { Transfer } from './transfer-book.ts';

/**
 * The sandbox bank issues a slip for every transfer from a bank account (issue 28 §2): its mini QR
 * carries the sending bank and a transaction reference, in the Thai banks' slip-verification payload
 * (EMV TLV: tag 00 {00 `000001`, 01 bank, 02 reference}, 51 `TH`, 91 CRC-16/CCITT-FALSE; the fixture
 * ../shared/fixtures/slip-qr-vectors.json). A wallet transfer has no slip.
 */
export const slipTransRefOf = (transfer: Transfer): string => `SBX${transfer.transferId.replace(/^trf_/, '').toUpperCase()}`;

/** The mini-QR text of the transfer's slip, or null (a wallet transfer). */
export function slipQrPayloadOf(transfer: Transfer): string | null {
  if (transfer.source.kind !== 'bank') return null;
  const field = (tag: string, value: string) => `${tag}${String(value.length).padStart(2, '0')}${value}`;
  const body = field('00', field('00', '000001') + field('01', transfer.source.bankCode) + field('02', slipTransRefOf(transfer))) + field('51', 'TH') + '9104';
  return body + crc16CcittFalse(body).toString(16).toUpperCase().padStart(4, '0');
}

/** The transfer a slip names (sending bank + reference), among the transfers the bank remembers. */
export function findSlipTransfer(bank: SandboxBank, sendingBankCode: string, transRef: string): Transfer | undefined {
  return bank.transfers.recent(1_000).find((transfer) => transfer.source.kind === 'bank' && transfer.source.bankCode === sendingBankCode && slipTransRefOf(transfer) === transRef);
}

/**
 * The ITMX slip record SCB and KBank answer with (`data`), for the sandbox's verification endpoint:
 * transDate `yyyyMMdd` and transTime `HH:mm:ss` in Bangkok time, accounts in full (a sandbox), amount a decimal string.
 */
export function slipRecordOf(transfer: Transfer): Record<string, unknown> {
  const bangkok = new Date(transfer.occurredAt.getTime() + 7 * 3_600_000).toISOString();
  const source = transfer.source.kind === 'bank' ? transfer.source : null;
  const house = transfer.destination;
  const receiver =
    house.kind === 'bank' ? { bankCode: house.bankCode, accountNumber: house.accountNumber }
    : house.kind === 'promptpay' ? { bankCode: house.creditBankCode, accountNumber: house.creditAccountNumber }
    : { bankCode: null, accountNumber: null };
  return {
    transRef: slipTransRefOf(transfer),
    sendingBank: source?.bankCode ?? null,
    receivingBank: receiver.bankCode,
    transDate: bangkok.slice(0, 10).replace(/-/g, ''),
    transTime: bangkok.slice(11, 19),
    sender: { displayName: transfer.senderName, name: transfer.senderName, account: { type: 'BANKAC', value: source?.accountNumber ?? null } },
    receiver: { displayName: house.name, name: house.name, account: { type: 'BANKAC', value: receiver.accountNumber } },
    amount: satangToDecimalString(transfer.amountSatang),
    countryCode: 'TH',
  };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The slip as a PNG (480 × 720): the transfer's lines and its mini QR, as a banking app draws one. */
export async function drawSlipPng(transfer: Transfer): Promise<Buffer | null> {
  const payload = slipQrPayloadOf(transfer);
  if (!payload) return null;
  const qr = await QRCode.toBuffer(payload, { type: 'png', width: 220, margin: 2, errorCorrectionLevel: 'M' });
  const record = slipRecordOf(transfer);
  const lines = [
    `Sandbox Bank · โอนเงินสำเร็จ`,
    `${String(record.transDate)} ${String(record.transTime)}`,
    `จาก ${transfer.senderName} (${transfer.source.kind === 'bank' ? transfer.source.bankCode : ''})`,
    `ไปยัง ${transfer.destination.name}`,
    `จำนวนเงิน ${String(record.amount)} บาท`,
    `เลขที่รายการ ${String(record.transRef)}`,
  ];
  const text = lines.map((line, index) => `<text x="32" y="${70 + index * 44}" font-family="sans-serif" font-size="${index === 0 ? 26 : 20}">${escapeXml(line)}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="720"><rect width="480" height="720" fill="#ffffff"/><rect width="480" height="8" fill="#2e7d32"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).composite([{ input: qr, left: 130, top: 440 }]).png().toBuffer();
}
