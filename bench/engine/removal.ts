import sharp from 'sharp';
import { dilate, inpaintRgb, MASK_DILATION } from '../../src/engine/inpaint/inpaint-image.js';
import { psnr, renderFiles, table } from './common.js';

const CROP = Number(process.env.BENCH_REMOVAL_CROP ?? 384);

/** Pastes two synthetic objects (a shaded ball and a box) onto a render crop; returns image and mask. */
function pasteObjects(clean: Uint8Array, w: number, h: number, seed: number) {
  const img = Uint8Array.from(clean);
  const mask = new Uint8Array(w * h);
  const cx = Math.round(w * (0.3 + 0.1 * (seed % 3))), cy = Math.round(h * 0.4), r = Math.round(Math.min(w, h) * 0.08);
  for (let y = cy - r; y <= cy + r; y++)
    for (let x = cx - r; x <= cx + r; x++) {
      const d = Math.hypot(x - cx, y - cy);
      if (d > r) continue;
      const shade = 0.5 + 0.5 * (1 - d / r);
      img.set([Math.round(200 * shade), Math.round(60 * shade), Math.round(40 * shade)], (y * w + x) * 3);
      mask[y * w + x] = 1;
    }
  const bx = Math.round(w * 0.6), by = Math.round(h * (0.55 + 0.05 * (seed % 2))), bw = Math.round(w * 0.1), bh = Math.round(h * 0.16);
  for (let y = by; y < by + bh; y++)
    for (let x = bx; x < bx + bw; x++) {
      img.set([30, 90 + ((x - bx) * 3) % 60, 160], (y * w + x) * 3);
      mask[y * w + x] = 1;
    }
  return { img, mask };
}

export async function benchRemoval(): Promise<{ teleaDb: number; oursDb: number }> {
  const rows: (string | number)[][] = [];
  let sumT = 0, sumO = 0;
  const files = renderFiles();
  for (const [k, file] of files.entries()) {
    const meta = await sharp(file).metadata();
    const left = Math.round((meta.width! - CROP) / 2), top = Math.round((meta.height! - CROP) / 2);
    const clean = new Uint8Array(await sharp(file).extract({ left, top, width: CROP, height: CROP }).removeAlpha().raw().toBuffer());
    const { img, mask } = pasteObjects(clean, CROP, CROP, k);
    const hole = dilate(mask, CROP, CROP, MASK_DILATION);
    const inMask = (i: number) => mask[Math.floor(i / 3)] === 1;
    const t0 = Date.now();
    const telea = await inpaintRgb(img, hole, CROP, CROP, { method: 'telea' });
    const t1 = Date.now();
    const ours = await inpaintRgb(img, hole, CROP, CROP, { method: 'patchmatch' });
    const t2 = Date.now();
    const pt = psnr(telea, clean, 255, inMask), po = psnr(ours, clean, 255, inMask);
    sumT += pt;
    sumO += po;
    rows.push([file.split('/').pop()!, pt, po, po - pt, `${t1 - t0} ms`, `${t2 - t1} ms`]);
  }
  const teleaDb = sumT / files.length, oursDb = sumO / files.length;
  rows.push(['mean', teleaDb, oursDb, oursDb - teleaDb, '', '']);
  table(`(e) Object removal, PSNR inside the mask (dB), ${CROP}² crops, two pasted objects each`, ['render', 'Telea', 'ours', 'gain', 'Telea time', 'ours time'], rows);
  return { teleaDb, oursDb };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRemoval();
