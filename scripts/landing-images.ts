/**
 * Writes the landing page's before/after examples into src/web/public/examples from the benchmark renders.
 * Each frame is first reduced ×4, as a quick low-resolution render would come out. "Before" is that render stretched
 * back with a plain linear filter; "enhanced" is what the engine makes of the same small render at ×4 (Detail mode).
 *
 * Each image is then written again at smaller widths, as WebP and AVIF (`name-480.webp`, `name-480.avif`, …), for
 * the pages' srcset: a phone loads a fraction of the bytes.
 *
 *   npx tsx scripts/landing-images.ts              (everything; the engine runs)
 *   npx tsx scripts/landing-images.ts --variants   (only the smaller widths and AVIF, from the images already there)
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import sharp from 'sharp';
import { createEngine } from '@engine/index.js';

const root = path.resolve(import.meta.dirname, '..');
const sourceDir = path.join(root, 'bench/renders');
const outDir = path.join(root, 'src/web/public/examples');

const WIDTH = 1200;
const HEIGHT = 900;
const DETAIL_SIZE = { width: 640, height: 480 };
// the landing page ships eight to twelve of these; above this each one starts to slow the first paint
const MAX_BYTES = 250 * 1024;

interface Example {
  slug: string;
  source: string;
  /** The detail view's crop in source pixels, at native resolution; none for examples without a detail view. */
  detail?: { left: number; top: number };
}

const examples: Example[] = [
  { slug: 'winter-architecture', source: '01-winter-architecture.png', detail: { left: 300, top: 620 } },
  { slug: 'modern-wooden-house', source: '02-modern-wooden-house.png', detail: { left: 1300, top: 300 } },
  { slug: 'concrete-architecture', source: '03-concrete-brutalist.png', detail: { left: 200, top: 500 } },
  { slug: 'interior-design', source: '04-interior-living-room.png' },
];

const engine = createEngine({ modelsDir: process.env.MODEL_CACHE_DIR ?? path.join(os.tmpdir(), 'renderlift-test-models') });

/** The low-resolution render: a quarter of the size in each direction. */
const reduce = (image: Buffer, width: number, height: number) =>
  sharp(image)
    .resize(Math.round(width / 4), Math.round(height / 4), { kernel: 'lanczos3' })
    .png()
    .toBuffer();

async function soften(small: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(small).resize(width, height, { kernel: 'linear' }).toBuffer();
}

async function enhance(small: Buffer, width: number, height: number): Promise<Buffer> {
  const result = await engine.enhance(small, { scale: 4, mode: 'detail' });
  return sharp(result.data).resize(width, height).toBuffer();
}

async function writeWebp(image: Buffer, file: string): Promise<number> {
  for (const quality of [82, 76, 70, 62, 55]) {
    const data = await sharp(image).webp({ quality, effort: 6 }).toBuffer();
    if (data.length <= MAX_BYTES || quality === 55) {
      fs.writeFileSync(path.join(outDir, file), data);
      return data.length;
    }
  }
  throw new Error('unreachable');
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  for (const example of examples) {
    const source = path.join(sourceDir, example.source);
    if (!fs.existsSync(source)) throw new Error(`missing render: ${source}`);

    const full = await sharp(source).removeAlpha().resize(WIDTH, HEIGHT, { fit: 'cover', kernel: 'lanczos3' }).toBuffer();
    const small = await reduce(full, WIDTH, HEIGHT);
    const outputs: Array<[string, Buffer]> = [
      [`${example.slug}-enhanced.webp`, await enhance(small, WIDTH, HEIGHT)],
      [`${example.slug}-before.webp`, await soften(small, WIDTH, HEIGHT)],
    ];
    if (example.detail) {
      const crop = await sharp(source)
        .removeAlpha()
        .extract({ ...example.detail, ...DETAIL_SIZE })
        .toBuffer();
      const smallCrop = await reduce(crop, DETAIL_SIZE.width, DETAIL_SIZE.height);
      outputs.push([`${example.slug}-detail-enhanced.webp`, await enhance(smallCrop, DETAIL_SIZE.width, DETAIL_SIZE.height)]);
      outputs.push([`${example.slug}-detail-before.webp`, await soften(smallCrop, DETAIL_SIZE.width, DETAIL_SIZE.height)]);
    }
    for (const [file, image] of outputs) {
      const bytes = await writeWebp(image, file);
      console.log(`${file.padEnd(42)} ${(bytes / 1024).toFixed(0).padStart(4)} KB`);
    }
  }
}

/** The smaller widths each example is also written at; its own width (1200, or 640 for detail crops) is added. */
const VARIANT_WIDTHS = [480, 800];

async function writeVariants() {
  for (const file of fs.readdirSync(outDir).filter((f) => /^[a-z-]+\.webp$/.test(f))) {
    const source = path.join(outDir, file);
    const { width = 0 } = await sharp(source).metadata();
    const base = file.replace(/\.webp$/, '');
    for (const w of [...VARIANT_WIDTHS.filter((v) => v < width), width]) {
      const resized = sharp(source).resize({ width: w });
      if (w < width) fs.writeFileSync(path.join(outDir, `${base}-${w}.webp`), await resized.clone().webp({ quality: 76, effort: 6 }).toBuffer());
      const avif = await resized.clone().avif({ quality: 55, effort: 6 }).toBuffer();
      fs.writeFileSync(path.join(outDir, `${base}-${w}.avif`), avif);
      console.log(`${base}-${w}.avif`.padEnd(42), `${(avif.length / 1024).toFixed(0).padStart(4)} KB`);
    }
  }
}

if (!process.argv.includes('--variants')) await main();
await writeVariants();
await engine.close();
