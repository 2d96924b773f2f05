import jsQR from 'jsqr';
import sharp from 'sharp';

/** Uploads above this are refused before decoding (issue 28 §2: uploads limited in size). */
export const MAX_SLIP_IMAGE_BYTES = 2 * 1024 * 1024;
/** Larger photos are scaled down to this width first: a slip's mini QR stays readable, decoding stays fast. */
const DECODE_WIDTH_PX = 1_200;
/** Decompression-bomb guard: sharp refuses images with more pixels than this. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Reads the QR text of a slip image (PNG, JPEG or WebP, at most MAX_SLIP_IMAGE_BYTES): decoded with
 * sharp to RGBA, scaled to at most DECODE_WIDTH_PX wide, then jsQR (a maintained pure-JS QR decoder,
 * also used by the member site in the browser).
 * @returns the QR's text, or null when the bytes are not an image or hold no readable QR.
 */
export async function decodeSlipImage(bytes: Buffer): Promise<string | null> {
  if (bytes.length === 0 || bytes.length > MAX_SLIP_IMAGE_BYTES) return null;
  let raw: { data: Buffer; info: { width: number; height: number } };
  try {
    raw = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: DECODE_WIDTH_PX, withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
  const pixels = new Uint8ClampedArray(raw.data.buffer, raw.data.byteOffset, raw.data.length);
  const found = jsQR(pixels, raw.info.width, raw.info.height, { inversionAttempts: 'attemptBoth' });
  return found?.data ? found.data : null;
}

/**
 * The first file part of a `multipart/form-data` body (field `slip`, or any part with a filename).
 * Small and strict on purpose: one file, its bytes as sent. @returns null when there is none.
 */
export function readMultipartFile(body: Buffer, contentType: string): Buffer | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const token = boundary?.[1] ?? boundary?.[2];
  if (!token) return null;
  const delimiter = Buffer.from(`--${token.trim()}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const headersStart = at + delimiter.length + 2;
    const headersEnd = body.indexOf('\r\n\r\n', headersStart);
    if (headersEnd === -1) return null;
    const next = body.indexOf(delimiter, headersEnd + 4);
    if (next === -1) return null;
    const headers = body.subarray(headersStart, headersEnd).toString('latin1');
    if (/name="slip"/i.test(headers) || /filename="/i.test(headers)) return body.subarray(headersEnd + 4, next - 2);
    at = next;
  }
  return null;
}
