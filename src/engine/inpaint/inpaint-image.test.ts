import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.js';
import { TEST_MODELS_DIR } from '../test-models.js';
import { dilate, inpaintRgb, MASK_DILATION } from './inpaint-image.js';

const engine = createEngine({ modelsDir: TEST_MODELS_DIR });
const W = 96;
const H = 80;

function gradient(): Buffer {
  const rgb = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      rgb[i] = Math.round((x / (W - 1)) * 200 + 20);
      rgb[i + 1] = Math.round((y / (H - 1)) * 180 + 40);
      rgb[i + 2] = 120;
    }
  return rgb;
}

function squareMask(x0: number, y0: number, size: number): Buffer {
  const m = Buffer.alloc(W * H);
  for (let y = y0; y < y0 + size; y++) for (let x = x0; x < x0 + size; x++) m[y * W + x] = 255;
  return m;
}

const toPng = (data: Buffer, channels: 1 | 3) =>
  sharp(data, { raw: { width: W, height: H, channels } })
    .png()
    .toBuffer();

describe('inpaint', () => {
  it('removes a pasted square from a gradient and leaves every pixel outside the grown mask identical', async () => {
    const clean = gradient();
    const withObject = Buffer.from(clean);
    for (let y = 30; y < 50; y++) for (let x = 40; x < 60; x++) withObject.set([250, 10, 10], (y * W + x) * 3);
    const mask = squareMask(40, 30, 20);
    const result = await engine.inpaint(await toPng(withObject, 3), await toPng(mask, 1));
    expect([result.width, result.height, result.format]).toEqual([W, H, 'png']);
    const out = await sharp(result.data).raw().toBuffer();
    const grown = dilate(new Uint8Array(mask.map((v) => (v ? 1 : 0))), W, H, MASK_DILATION);
    let outsideChanged = 0;
    let err = 0;
    let n = 0;
    for (let i = 0; i < W * H; i++) {
      for (let c = 0; c < 3; c++) {
        if (!grown[i] && out[i * 3 + c] !== withObject[i * 3 + c]) outsideChanged++;
        if (mask[i]) {
          err += (out[i * 3 + c] - clean[i * 3 + c]) ** 2;
          n++;
        }
      }
    }
    expect(outsideChanged).toBe(0);
    const rmse = Math.sqrt(err / n);
    // The pasted square is ~150 levels RMS away from the gradient; the fill must be within a few levels.
    expect(rmse).toBeLessThan(10);
  });

  it('keeps a colour profile byte for byte and every stored value outside the grown mask', async () => {
    const withObject = gradient();
    for (let y = 30; y < 50; y++) for (let x = 40; x < 60; x++) withObject.set([250, 10, 10], (y * W + x) * 3);
    const p3 = await sharp(withObject, { raw: { width: W, height: H, channels: 3 } })
      .withIccProfile('p3')
      .png()
      .toBuffer();
    const mask = squareMask(40, 30, 20);
    const result = await engine.inpaint(p3, await toPng(mask, 1));
    const [inMeta, outMeta] = await Promise.all([sharp(p3).metadata(), sharp(result.data).metadata()]);
    expect(outMeta.icc).toBeDefined();
    expect(Buffer.compare(outMeta.icc!, inMeta.icc!)).toBe(0);
    // the values as stored (no conversion), before and after
    const [before, after] = await Promise.all([p3, result.data].map((b) => sharp(b).keepIccProfile().raw().toBuffer()));
    const grown = dilate(new Uint8Array(mask.map((v) => (v ? 1 : 0))), W, H, MASK_DILATION);
    let outsideChanged = 0;
    let insideChanged = 0;
    for (let i = 0; i < W * H * 3; i++) {
      if (!grown[Math.floor(i / 3)] && after[i] !== before[i]) outsideChanged++;
      if (mask[Math.floor(i / 3)] && after[i] !== before[i]) insideChanged++;
    }
    expect(outsideChanged).toBe(0);
    expect(insideChanged).toBeGreaterThan(0);
  });

  it('continues a brick pattern by exemplar completion, closer than Telea, the same bytes every run', async () => {
    // a facade: 24×10 px bricks in alternating courses, 2 px mortar joints, a little shading per brick
    const bw = 128,
      bh = 112;
    const clean = Buffer.alloc(bw * bh * 3);
    for (let y = 0; y < bh; y++)
      for (let x = 0; x < bw; x++) {
        const course = Math.floor(y / 10);
        const bx = x + (course % 2) * 12;
        const mortar = y % 10 < 2 || bx % 24 < 2;
        const shade = ((Math.floor(bx / 24) * 37 + course * 23) % 20) - 10;
        clean.set(mortar ? [205, 200, 190] : [150 + shade, 70 + shade, 50 + shade], (y * bw + x) * 3);
      }
    const withObject = Buffer.from(clean);
    const mask = Buffer.alloc(bw * bh);
    for (let y = 44; y < 66; y++)
      for (let x = 50; x < 74; x++) {
        withObject.set([30, 120, 220], (y * bw + x) * 3);
        mask[y * bw + x] = 255;
      }
    const raw = (b: Buffer, channels: 1 | 3) =>
      sharp(b, { raw: { width: bw, height: bh, channels } })
        .png()
        .toBuffer();
    const [image, maskPng] = await Promise.all([raw(withObject, 3), raw(mask, 1)]);
    const first = await engine.inpaint(image, maskPng);
    const again = await engine.inpaint(image, maskPng);
    expect(first.method).toBe('exemplar');
    expect(Buffer.compare(first.data, again.data)).toBe(0);

    const hole = dilate(new Uint8Array(mask.map((v) => (v ? 1 : 0))), bw, bh, MASK_DILATION);
    const telea = await inpaintRgb(new Uint8Array(withObject), hole, bw, bh, { method: 'telea' });
    const ours = await sharp(first.data).raw().toBuffer();
    const rmse = (out: Uint8Array) => {
      let se = 0,
        n = 0;
      for (let i = 0; i < bw * bh; i++)
        if (mask[i])
          for (let c = 0; c < 3; c++) {
            se += (out[i * 3 + c] - clean[i * 3 + c]) ** 2;
            n++;
          }
      return Math.sqrt(se / n);
    };
    // Telea smears the joints into a blur; copied patches bring the joints back
    expect(rmse(ours)).toBeLessThan(rmse(telea) * 0.8);
  });

  it('reports progress during the fill and stops with CANCELLED when aborted midway', async () => {
    const bw = 128,
      bh = 112;
    const rgb = Buffer.alloc(bw * bh * 3);
    for (let y = 0; y < bh; y++) for (let x = 0; x < bw; x++) rgb.set(x % 12 < 2 || y % 12 < 2 ? [70, 66, 60] : [200, 196, 188], (y * bw + x) * 3);
    const mask = Buffer.alloc(bw * bh);
    for (let y = 40; y < 72; y++) for (let x = 44; x < 84; x++) mask[y * bw + x] = 255;
    const raw = (b: Buffer, channels: 1 | 3) =>
      sharp(b, { raw: { width: bw, height: bh, channels } })
        .png()
        .toBuffer();
    const [image, maskPng] = await Promise.all([raw(rgb, 3), raw(mask, 1)]);
    const fractions: number[] = [];
    await engine.inpaint(image, maskPng, { onProgress: (p) => fractions.push(p.fraction) });
    expect(fractions.filter((f) => f > 0 && f < 1).length).toBeGreaterThan(2);
    expect(fractions.at(-1)).toBe(1);
    const controller = new AbortController();
    const seen: number[] = [];
    const run = engine.inpaint(image, maskPng, {
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p.fraction);
        if (p.fraction > 0) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(seen.at(-1)).toBeLessThan(1);
  });

  it('keeps 16 bits: every value outside the grown mask is the stored one', async () => {
    const rgb16 = new Uint16Array(W * H * 3);
    const base = gradient();
    for (let i = 0; i < rgb16.length; i++) rgb16[i] = base[i] * 257 + (i % 7) * 11;
    for (let y = 30; y < 50; y++) for (let x = 40; x < 60; x++) rgb16.set([64000, 2000, 2000], (y * W + x) * 3);
    const input = await sharp(rgb16, { raw: { width: W, height: H, channels: 3 } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect((await sharp(input).metadata()).depth).toBe('ushort');
    const result = await engine.inpaint(input, await toPng(squareMask(40, 30, 20), 1));
    expect((await sharp(result.data).metadata()).depth).toBe('ushort');
    const out = await sharp(result.data).toColourspace('rgb16').raw({ depth: 'ushort' }).toBuffer();
    const after = new Uint16Array(out.buffer, out.byteOffset, out.byteLength / 2);
    const grown = dilate(new Uint8Array(squareMask(40, 30, 20).map((v) => (v ? 1 : 0))), W, H, MASK_DILATION);
    let outsideChanged = 0;
    let insideRed = 0;
    for (let i = 0; i < W * H; i++) {
      for (let c = 0; c < 3; c++) if (!grown[i] && after[i * 3 + c] !== rgb16[i * 3 + c]) outsideChanged++;
      if (grown[i] && after[i * 3] > 60000) insideRed++;
    }
    expect(outsideChanged).toBe(0);
    expect(insideRed).toBe(0);
  });

  it('is deterministic', () => {
    const rgb = new Uint8Array(gradient());
    const hole = dilate(new Uint8Array(squareMask(10, 10, 12).map((v) => (v ? 1 : 0))), W, H, 2);
    return Promise.all([inpaintRgb(rgb, hole, W, H), inpaintRgb(rgb, hole, W, H)]).then(([a, b]) =>
      expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0),
    );
  });

  it('refuses an empty mask and a mask over the documented share', async () => {
    const image = await toPng(gradient(), 3);
    await expect(engine.inpaint(image, await toPng(Buffer.alloc(W * H), 1))).rejects.toMatchObject({ code: 'MASK_EMPTY' });
    await expect(engine.inpaint(image, await toPng(squareMask(0, 0, 60), 1))).rejects.toMatchObject({
      code: 'MASK_TOO_LARGE',
      message: expect.stringContaining('limited to 25%'),
    });
  });

  it('blends a feathered edge by how much it is painted, and leaves what is not painted identical', async () => {
    // a red square; the paint covers its middle, then two rings painted at 100 and 30 of 255 cover the rest of it
    const withObject = gradient();
    for (let y = 24; y < 56; y++) for (let x = 34; x < 66; x++) withObject.set([250, 10, 10], (y * W + x) * 3);
    const ringOf = (x: number, y: number) => Math.max(Math.abs(x + 0.5 - 50), Math.abs(y + 0.5 - 40));
    const mask = Buffer.alloc(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const d = ringOf(x, y);
        mask[y * W + x] = d <= 4 ? 255 : d <= 10 ? 100 : d <= 16 ? 30 : 0;
      }
    const out = await sharp((await engine.inpaint(await toPng(withObject, 3), await toPng(mask, 1))).data)
      .raw()
      .toBuffer();
    const grown = dilate(new Uint8Array(mask.map((v) => (v > 127 ? 1 : 0))), W, H, MASK_DILATION);
    let unpaintedChanged = 0;
    // how red the square still is beyond the grown paint (red minus green: 240 untouched), per ring
    const redness = new Map<number, number[]>([
      [100, []],
      [30, []],
    ]);
    for (let i = 0; i < W * H; i++) {
      if (!mask[i]) for (let c = 0; c < 3; c++) if (out[i * 3 + c] !== withObject[i * 3 + c]) unpaintedChanged++;
      if (!grown[i] && redness.has(mask[i])) redness.get(mask[i])!.push(out[i * 3] - out[i * 3 + 1]);
    }
    expect(unpaintedChanged).toBe(0);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const [more, less] = [mean(redness.get(100)!), mean(redness.get(30)!)];
    expect(redness.get(100)!.length).toBeGreaterThan(100);
    // the ring painted at 100 takes 39 % of the fill, the one at 30 takes 12 %: the first is clearly less red
    expect(more).toBeLessThan(less - 30);
    expect(less).toBeLessThan(235);
    expect(less).toBeGreaterThan(180);
  });

  it('takes grey left here and there (an eraser’s soft edge) for no feather: the fill is the unfeathered one', async () => {
    const withObject = gradient();
    for (let y = 30; y < 50; y++) for (let x = 40; x < 60; x++) withObject.set([250, 10, 10], (y * W + x) * 3);
    const hard = squareMask(40, 30, 20);
    const residue = Buffer.from(hard);
    for (const [x, y] of [
      [66, 40],
      [67, 41],
      [30, 35],
      [50, 58],
    ])
      residue[y * W + x] = 90;
    const image = await toPng(withObject, 3);
    const a = await engine.inpaint(image, await toPng(hard, 1));
    const b = await engine.inpaint(image, await toPng(residue, 1));
    expect(Buffer.compare(await sharp(a.data).raw().toBuffer(), await sharp(b.data).raw().toBuffer())).toBe(0);
  });

  it('accepts a transparent mask painted with opaque strokes', async () => {
    const rgba = Buffer.alloc(W * H * 4);
    for (let y = 5; y < 15; y++) for (let x = 5; x < 15; x++) rgba.set([255, 255, 255, 255], (y * W + x) * 4);
    const mask = await sharp(rgba, { raw: { width: W, height: H, channels: 4 } })
      .png()
      .toBuffer();
    const out = await engine.inpaint(await toPng(gradient(), 3), mask);
    expect(out.width).toBe(W);
  });
});
