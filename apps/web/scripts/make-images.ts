/**
 * Writes the member site's committed raster images (run again when a source changes):
 *
 *   npx tsx apps/web/scripts/make-images.ts
 *
 * - public/static/banks/<NAME>.webp: the bank logos at 96×96 (shown at 36–40 px, so sharp up to
 *   2.4× screens, 2–5 kB) from the `thai-banks-logo` PNGs (up to 40 kB each). Our own SVG logos
 *   (apps/api/static/banks) are already small and sharp at any size.
 *   The API sends them for `/static/banks/<NAME>.png` to browsers that accept WebP
 *   (apps/api/src/plugins/static-files.ts); the PNGs stay for the others.
 * - public/icons/: the installed app's icons (manifest in vite.config.ts), drawn from icon.svg.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const BANK_SOURCE_DIR = path.join(path.dirname(require.resolve('thai-banks-logo/package.json')), 'icons');
const BANK_OUT_DIR = path.join(WEB_DIR, 'public/static/banks');
const ICON_SOURCE = path.join(WEB_DIR, 'scripts/icon.svg');
const ICON_OUT_DIR = path.join(WEB_DIR, 'public/icons');
const BANK_LOGO_PX = 96;
const WEBP_QUALITY = 82;
/** The page background (index.css --sabai-background default): a maskable icon's full bleed. */
const BACKGROUND = '#0d0b14';

async function makeBankLogos(): Promise<void> {
  mkdirSync(BANK_OUT_DIR, { recursive: true });
  for (const file of readdirSync(BANK_SOURCE_DIR).filter((name) => name.endsWith('.png'))) {
    const out = path.join(BANK_OUT_DIR, `${path.parse(file).name}.webp`);
    await sharp(path.join(BANK_SOURCE_DIR, file))
      .resize(BANK_LOGO_PX, BANK_LOGO_PX, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: WEBP_QUALITY, effort: 6 })
      .toFile(out);
    console.log(path.relative(WEB_DIR, out));
  }
}

async function makeIcons(): Promise<void> {
  mkdirSync(ICON_OUT_DIR, { recursive: true });
  const svg = readFileSync(ICON_SOURCE);
  for (const size of [192, 512]) {
    await sharp(svg, { density: 600 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(ICON_OUT_DIR, `icon-${size}.png`));
  }
  // Maskable: the mark inside the 80 % safe zone on a full background (the launcher cuts the shape).
  const inner = Math.round(512 * 0.72);
  const mark = await sharp(svg, { density: 600 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background: BACKGROUND } })
    .composite([{ input: mark, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(ICON_OUT_DIR, 'icon-maskable-512.png'));
  await sharp({ create: { width: 180, height: 180, channels: 4, background: BACKGROUND } })
    .composite([{ input: await sharp(svg, { density: 600 }).resize(148, 148).png().toBuffer(), gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(ICON_OUT_DIR, 'apple-touch-icon-180.png'));
  console.log(`${path.relative(WEB_DIR, ICON_OUT_DIR)}/: icon-192.png icon-512.png icon-maskable-512.png apple-touch-icon-180.png`);
}

await makeBankLogos();
await makeIcons();
