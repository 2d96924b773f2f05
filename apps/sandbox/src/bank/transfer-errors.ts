import { formatBaht } from '@sabai/money';

/** Why the sandbox bank refused a transfer: a closed list with the Thai message the page shows. */
export const TRANSFER_ERRORS = {
  INVALID_REQUEST: 'ข้อมูลไม่ครบหรือไม่ถูกต้อง',
  INVALID_FROM_BANK: 'กรุณาเลือกธนาคารต้นทาง',
  INVALID_FROM_ACCOUNT: 'เลขบัญชีต้นทางต้องเป็นตัวเลข 10 หรือ 12 หลัก',
  FROM_ACCOUNT_NOT_FOUND: 'ไม่พบบัญชีต้นทาง',
  INVALID_SENDER_NAME: 'ชื่อผู้โอนต้องเป็นตัวอักษร ไม่เกิน 100 ตัว',
  INVALID_SENDER_PHONE: 'เบอร์ TrueMoney ของผู้โอนต้องเป็นตัวเลข 10 หลักขึ้นต้นด้วย 0',
  UNKNOWN_DESTINATION: 'ไม่พบบัญชีปลายทาง',
  SAME_ACCOUNT: 'บัญชีต้นทางและปลายทางเป็นบัญชีเดียวกัน',
  INVALID_QR: 'QR PromptPay ไม่ถูกต้อง',
  QR_BAD_CRC: 'QR PromptPay ไม่ถูกต้อง (ตรวจสอบ CRC ไม่ผ่าน) กรุณาคัดลอกใหม่',
  INVALID_AMOUNT: 'จำนวนเงินไม่ถูกต้อง (มากกว่า 0 ทศนิยมไม่เกิน 2 ตำแหน่ง)',
  INSUFFICIENT_FUNDS: 'ยอดเงินในบัญชีไม่พอ',
} as const;

export type TransferErrorCode = keyof typeof TRANSFER_ERRORS;

/** The Thai message of a refusal; says the balance when it was too low. */
export function describeTransferError(code: TransferErrorCode, availableSatang?: bigint): string {
  const message = TRANSFER_ERRORS[code];
  return availableSatang === undefined ? message : `${message} (คงเหลือ ${formatBaht(availableSatang)} บาท)`;
}
