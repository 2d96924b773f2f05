import jsQR from 'jsqr';

/** Photos are scaled to this width before decoding: a slip's mini QR stays readable, phones stay quick. */
const DECODE_WIDTH_PX = 1_200;

/**
 * Reads the QR text of a slip photo in the browser (jsQR, the same decoder the server uses for
 * uploaded images). @returns the text, or null when the file is not an image or holds no readable QR.
 */
export async function readSlipImage(file: Blob): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const scale = Math.min(1, DECODE_WIDTH_PX / bitmap.width);
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const image = context.getImageData(0, 0, width, height);
  return jsQR(image.data, width, height, { inversionAttempts: 'attemptBoth' })?.data || null;
}
