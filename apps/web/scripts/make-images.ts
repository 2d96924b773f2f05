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
 * - public/static/banks/SCBT.webp and apps/api/static/brand/<name>.webp: our own SVG pictures
 *   (bank logos the package lacks, the demo brand's logo and promotion banners) as WebP (96 px;
 *   twice the viewBox, at most 640 px wide). An SVG `<img>` costs the page a document of its own, and one that draws Thai
 *   text a font fallback search, on the main thread: 100–700 ms each on a Lighthouse phone
 *   (docs/adr/0025). The API sends the WebP for the SVG's address to browsers that take it.
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
const OWN_BANK_SVG_DIR = path.join(WEB_DIR, '../api/static/banks');
const BRAND_DIR = path.join(WEB_DIR, '../api/static/brand');
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

/**
 * Each SVG of `dir` as `<name>.webp` in `outDir`: twice its viewBox, at most `maxWidth` px wide
 * (the banners are shown ≤ 320 px wide), or fitted in a `px` square.
 */
async function rasterizeSvgs(dir: string, outDir: string, size: { maxWidth: number } | { px: number }): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.svg'))) {
    const svg = readFileSync(path.join(dir, file));
    const viewBox = /viewBox="[\d.-]+ [\d.-]+ ([\d.]+) ([\d.]+)"/.exec(svg.toString('utf8'));
    if (!viewBox?.[1] || !viewBox[2]) throw new Error(`${file} has no viewBox`);
    const scale = 'maxWidth' in size ? Math.min(2, size.maxWidth / Number(viewBox[1])) : 0;
    const [width, height] = 'maxWidth' in size ? [Number(viewBox[1]) * scale, Number(viewBox[2]) * scale] : [size.px, size.px];
    const out = path.join(outDir, `${path.parse(file).name}.webp`);
    await sharp(svg, { density: 300 })
      .resize(Math.round(width), Math.round(height), { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
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
await rasterizeSvgs(OWN_BANK_SVG_DIR, BANK_OUT_DIR, { px: BANK_LOGO_PX });
await rasterizeSvgs(BRAND_DIR, BRAND_DIR, { maxWidth: 640 });
await makeIcons();
