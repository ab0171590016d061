import { describe, expect, it } from 'vitest';
import { creditCostForOutput, enhanceCreditCost } from './credit-cost.js';
import { msg } from './messages.js';
import { EnhanceJobRequest } from './api/jobs.js';
import { resolveTargetSize, type TargetSize } from './target-size.js';

const ok = (width: number, height: number, target: TargetSize) => {
  const r = resolveTargetSize(width, height, target);
  if (!r.ok) throw new Error(r.message);
  return r.target;
};

describe('resolveTargetSize', () => {
  it('fits a landscape render inside 4K, 5K and 8K frames by the smallest scale that covers them', () => {
    expect(ok(1920, 1080, { kind: 'screen', preset: '4k' })).toMatchObject({
      scale: 2,
      width: 3840,
      height: 2160,
      run: { width: 3840, height: 2160 },
      dpi: null,
    });
    expect(ok(1920, 1080, { kind: 'screen', preset: '5k' })).toMatchObject({ scale: 3, width: 5120, height: 2880, run: { width: 5760, height: 3240 } });
    expect(ok(1920, 1080, { kind: 'screen', preset: '8k' })).toMatchObject({ scale: 4, width: 7680, height: 4320 });
    // wider than 16:9: the width constrains, the height follows the aspect ratio
    expect(ok(1000, 400, { kind: 'screen', preset: '4k' })).toMatchObject({ scale: 4, width: 3840, height: 1536 });
  });

  it('fits a portrait render inside the screen frame as it stands: its height constrains', () => {
    expect(ok(600, 1000, { kind: 'screen', preset: '4k' })).toMatchObject({ scale: 3, width: 1296, height: 2160 });
  });

  it('turns the sheet to the image for print sizes, in pixels at the density asked for', () => {
    // A2 at 300 dpi is 4961 × 7016 px portrait
    expect(ok(1000, 1500, { kind: 'print', paper: 'a2', dpi: 300 })).toMatchObject({ scale: 6, width: 4677, height: 7016, dpi: 300 });
    expect(ok(1500, 1000, { kind: 'print', paper: 'a2', dpi: 300 })).toMatchObject({ scale: 6, width: 7016, height: 4677, dpi: 300 });
    expect(ok(2000, 1414, { kind: 'print', paper: 'a3', dpi: 300 })).toMatchObject({ scale: 3, width: 4961, height: 3507, dpi: 300 });
    expect(ok(2000, 1414, { kind: 'print', paper: 'a1', dpi: 150 })).toMatchObject({ scale: 3, width: 4962, height: 3508, dpi: 150 });
  });

  it('takes a custom width or height and derives the other side', () => {
    expect(ok(1000, 500, { kind: 'width', width: 3840 })).toMatchObject({ scale: 4, width: 3840, height: 1920 });
    expect(ok(1000, 500, { kind: 'height', height: 1001 })).toMatchObject({ scale: 3, width: 2002, height: 1001 });
    // exactly reached by ×2: no larger scale is run
    expect(ok(1000, 500, { kind: 'width', width: 2000 })).toMatchObject({ scale: 2, run: { width: 2000, height: 1000 } });
  });

  it('prices the scale actually run, by the seed rule, not the smaller size delivered after the downscale', () => {
    const t = ok(1000, 500, { kind: 'width', width: 2100 });
    expect(t.scale).toBe(3);
    expect(creditCostForOutput(2100, 1050)).toBe(5);
    expect(t.credits).toBe(enhanceCreditCost(1000, 500, 3));
    expect(t.credits).toBe(6);
  });

  it('refuses a size that is not an upscale', () => {
    const r = resolveTargetSize(4000, 2250, { kind: 'screen', preset: '4k' });
    expect(r).toEqual({ ok: false, code: 'TARGET_NOT_UPSCALE', message: msg('targetSizeNotUpscale', { target: '4K', w: 3840, h: 2160, iw: 4000, ih: 2250 }) });
    expect(resolveTargetSize(1000, 500, { kind: 'width', width: 1000 })).toMatchObject({ ok: false, code: 'TARGET_NOT_UPSCALE' });
  });

  it('refuses a size beyond ×6', () => {
    const r = resolveTargetSize(1000, 500, { kind: 'width', width: 6001 });
    expect(r).toEqual({
      ok: false,
      code: 'TARGET_UNREACHABLE',
      message: msg('targetSizeUnreachable', { target: '6001 px wide', w: 6001, h: 3001, iw: 1000, ih: 500, max: 6 }),
    });
  });

  it('applies the 64 MP ceiling to the scale run, not to the smaller result', () => {
    // 6100 × 6100 is 37 MP, but reaching it takes ×6: 9000 × 9000 = 81 MP
    const r = resolveTargetSize(1500, 1500, { kind: 'height', height: 6100 });
    expect(r).toMatchObject({ ok: false, code: 'RESOLUTION_OUT_OF_RANGE', message: msg('enhanceAboveMaximum', { w: 9000, h: 9000, max: 64 }) });
  });
});

describe('EnhanceJobRequest', () => {
  const imageId = '00000000-0000-4000-8000-000000000000';
  it('takes exactly one of scale and targetSize', () => {
    expect(EnhanceJobRequest.safeParse({ imageId, mode: 'precision', scale: 2 }).success).toBe(true);
    expect(EnhanceJobRequest.safeParse({ imageId, mode: 'precision', targetSize: { kind: 'print', paper: 'a2', dpi: 300 } }).success).toBe(true);
    const both = EnhanceJobRequest.safeParse({ imageId, mode: 'precision', scale: 2, targetSize: { kind: 'screen', preset: '4k' } });
    expect(both.error?.issues[0].message).toBe(msg('enhanceScaleOrTarget'));
    const neither = EnhanceJobRequest.safeParse({ imageId, mode: 'precision' });
    expect(neither.error?.issues[0].message).toBe(msg('enhanceNoScale'));
    for (const bad of [
      { kind: 'screen', preset: '16k' },
      { kind: 'print', paper: 'a2', dpi: 600 },
      { kind: 'width', width: 0 },
      { kind: 'width', width: 1.5 },
      { kind: 'x' },
    ]) {
      expect(EnhanceJobRequest.safeParse({ imageId, mode: 'precision', targetSize: bad }).error?.issues[0].message).toBe(msg('targetSizeInvalid'));
    }
  });
});
