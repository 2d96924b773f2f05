/**
 * CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR
 * (check value of `123456789` is 0x29B1). EMVCo QR Code Specification for Payment Systems,
 * Merchant-Presented Mode, tag 63: the CRC is computed over the whole payload up to and including
 * the literal `6304`, and written as four upper-case hex digits.
 *
 * Our own implementation, independent of the `promptpay-qr` package, so tests and the sandbox
 * bank can check a payload that package produced.
 *
 * @param text computed over its UTF-8 bytes (a PromptPay payload is ASCII, one byte per character).
 * @returns the CRC, an integer 0..0xFFFF.
 */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** The CRC as EMVCo tag 63 writes it: four upper-case hex digits, `0x6197` → `6197`. */
export function formatCrc16(crc: number): string {
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
