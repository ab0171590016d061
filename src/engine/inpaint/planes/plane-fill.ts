/**
 * Plane-guided completion (after Huang, Kang, Ahuja and Kopf, "Image Completion using Planar Structure
 * Guidance", 2014): line segments around the hole give the dominant vanishing points; the two that dominate the
 * hole's surroundings define its plane, which is rectified to a fronto-parallel view. There, texture has one
 * scale and the plane's joints run along the axes, so the hole is completed in that view by copies whole periods
 * away when the plane is regular and the copies continue the border.
 * Without such a copy, a grid of tiles in mixed tones is filled cell by cell (`lattice.ts`) and boards whose ends
 * fall anywhere (planks, brick courses) board by board (`boards.ts`).
 * A hole over the meeting of two surfaces (floor and wall) or two materials (a rug on the boards) is split along the
 * meeting line and each side is filled from its own side only (each side by period copies, else the exemplar
 * completion in its own frame); what lies on the line itself is drawn through (`meeting-line.ts`).
 * Returns null when no plane with confident vanishing points covers the hole, or a single plane has no period
 * copy that continues the border: the caller then fills the hole as before.
 */
import { lumaOf } from '@engine/luma.js';
import { exemplarInpaint } from '../exemplar.js';
import { findCrossingLines, type GuideLine } from '../structure.js';
import { drawMeetingLine } from './meeting-line.js';
import { bounds, cross, invert, mul, project, type Bounds, type Mat3, type Vec3 } from './geometry.js';
import { keepBoardTones } from './board-tones.js';
import { findBoardFill } from './boards.js';
import { findGridFill } from './lattice.js';
import { findPeriodFill, measurePeriod } from './period.js';
import { copyAlongPlane, distortion, growRegion, rectifyingHomography, warpBack, warpToRect } from './rectify.js';
import { detectSegments, type Segment } from './segments.js';
import { estimateVanishingPoints, segmentAngleTo } from './vanishing.js';

export interface PlaneFillOptions {
  seed: number;
  /** Work done and total (arbitrary units) after each step. */
  onStep?: (done: number, total: number) => void;
  between?: () => Promise<void>;
  /** Receives what was found and done, for tests, benchmarks and the contact sheets. */
  report?: PlaneReport;
}

export interface PlaneSideReport {
  /** Image → rectified homography of the side (a rotation only when the side has no confident plane). */
  homography: Mat3;
  /** The side's plane was seen in perspective and rectified (false where the picture is already its view). */
  rectified: boolean;
  /** Period along the rectified axes in rectified pixels, 0 where none. */
  period: [number, number];
  /** Whole copies periods away, grid cells copied one by one (`lattice.ts`), boards stretch by stretch (`boards.ts`), or the exemplar completion. */
  fill: 'period' | 'cells' | 'boards' | 'exemplar';
  /** Rectified region size. */
  size: [number, number];
}

export interface PlaneReport {
  segments?: Segment[];
  vanishingPoints?: Vec3[];
  /** Meeting line of two surfaces across the hole (x·cos + y·sin = rho), when the hole was split. */
  meeting?: GuideLine;
  sides?: PlaneSideReport[];
}

/** Longest side of the window the segments are detected in (it is downscaled to this). */
const DETECT_SIDE = 512;
/**
 * σ (pixels of the downscaled window) of a smoothing before segments are detected on a window downscaled by box means:
 * the box keeps the fine texture a render resolves at its own size (a rug's weave at 2048 px) as a one-pixel grain
 * whose gradients point every way, and the lines through it (the rug's diamonds) break up and go unfound. About LSD's
 * own smoothing as it scales (σ 0.75). It also blurs away lines of a pixel or two (a subway tile's bevel), so both
 * detections are made and the one whose segments are longer in sum is kept. A window small enough to be seen at its
 * own size is left as it is.
 */
const DETECT_SMOOTH = 0.8;
/** A vanishing point counts near the hole with at least this many segments there and this much length (in hole extents). */
const MIN_NEAR_SEGMENTS = 5;
const MIN_NEAR_SUPPORT = 1.0;
/** Below this Jacobian deviation over the neighbourhood the plane is seen frontally: rectifying changes nothing. */
const FRONTAL = 0.08;
/** Two sides of a line are different surfaces when their mean colours differ by this much (levels per channel)… */
const MEETING_CONTRAST = 24;
/** Share of the hole each side of the meeting of two surfaces must hold. */
const MEETING_SHARE = 0.15;
/**
 * Two materials of one surface meet where the sides' colours differ less than MEETING_CONTRAST but their warmth (red
 * minus blue) by this much: a grey rug on wooden boards, whose rug side, shadows and all, is no darker on average than
 * the boards. Such an edge splits the hole even when one side holds only a corner of it (MATERIAL_SHARE): left whole,
 * the single-scale fill pastes one material into the other.
 */
const MEETING_WARMTH = 16;
const MATERIAL_SHARE = 0.05;
/**
 * …and the step in warmth is at least this many times the step in luma (the rug and the boards: 2.0–2.5; a lit wall’s
 * base against a lawn, surfaces that differ in light as much as in warmth: 1.1).
 */
const MATERIAL_WARMTH_PER_LIGHT = 1.5;
/** A side filled by the exemplar completion in its rectified view needs this many pixels of it known per pixel it fills. */
const MIN_CONTEXT = 4;
/** Largest rectified region, pixels. */
const MAX_RECT_PIXELS = 1_600_000;

/**
 * Segments around the hole (within 1.5 extents of its box, at least 96 px), detected on a copy downscaled to
 * DETECT_SIDE, in full-image coordinates; `refine` as `detectSegments`'.
 */
export function segmentsAround(rgb: Uint8Array, hole: Uint8Array, w: number, h: number, box: Bounds, refine = false): Segment[] {
  const ctx = Math.max(96, Math.round(Math.max(box.x1 - box.x0 + 1, box.y1 - box.y0 + 1) * 1.5));
  const win = { x0: Math.max(0, box.x0 - ctx), y0: Math.max(0, box.y0 - ctx), x1: Math.min(w - 1, box.x1 + ctx), y1: Math.min(h - 1, box.y1 + ctx) };
  const ww = win.x1 - win.x0 + 1,
    wh = win.y1 - win.y0 + 1;
  const k = Math.max(1, Math.ceil(Math.max(ww, wh) / DETECT_SIDE));
  const sw = Math.floor(ww / k),
    sh = Math.floor(wh / k);
  const luma = new Float32Array(sw * sh);
  const ignore = new Uint8Array(sw * sh);
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      let s = 0,
        any = 0;
      for (let dy = 0; dy < k; dy++)
        for (let dx = 0; dx < k; dx++) {
          const p = (win.y0 + y * k + dy) * w + win.x0 + x * k + dx;
          s += 0.299 * rgb[p * 3] + 0.587 * rgb[p * 3 + 1] + 0.114 * rgb[p * 3 + 2];
          any |= hole[p];
        }
      luma[y * sw + x] = s / (k * k);
      ignore[y * sw + x] = any;
    }
  let segs = detectSegments(luma, sw, sh, { ignore, minLength: 14, refine });
  if (k >= 2 && !refine) {
    // a grain the box kept hides the lines, a smoothing hides lines of a pixel or two (a subway tile's bevel): of the
    // two, the detection that sees more of the lines
    const smoothed = detectSegments(luma, sw, sh, { ignore, minLength: 14, smooth: DETECT_SMOOTH });
    const total = (list: Segment[]) => list.reduce((sum, s) => sum + s.length, 0);
    if (total(smoothed) > total(segs)) segs = smoothed;
  }
  return segs.map((s) => ({
    x1: win.x0 + s.x1 * k,
    y1: win.y0 + s.y1 * k,
    x2: win.x0 + s.x2 * k,
    y2: win.y0 + s.y2 * k,
    length: s.length * k,
  }));
}

const TOLERANCE = (2 * Math.PI) / 180;

/** Smallest angle (radians) between the two vanishing directions of a plane where the hole is. */
const MIN_PLANE_ANGLE = (20 * Math.PI) / 180;

/** The vanishing line of the pair must stay clear of the region filled from it. */
function clearOfRegion(v1: Vec3, v2: Vec3, region: Bounds): boolean {
  const l = cross(v1, v2);
  const corners = [
    [region.x0, region.y0],
    [region.x1, region.y0],
    [region.x0, region.y1],
    [region.x1, region.y1],
  ].map(([x, y]) => l[0] * x + l[1] * y + l[2]);
  return corners.every((c) => c > 0) || corners.every((c) => c < 0);
}

/** Angle between the directions towards two vanishing points seen from (cx, cy), folded into [0, π/2]. */
function angleBetween(v1: Vec3, v2: Vec3, cx: number, cy: number): number {
  const a = Math.atan2(v1[1] - cy * v1[2], v1[0] - cx * v1[2]),
    b = Math.atan2(v2[1] - cy * v2[2], v2[0] - cx * v2[2]);
  let d = Math.abs(a - b) % Math.PI;
  if (d > Math.PI / 2) d = Math.PI - d;
  return d;
}

/**
 * The rectifying homography of the plane of the segments near the hole (on one side of a meeting line if given):
 * from the best-supported pair of vanishing points there whose vanishing line stays clear of the region and which
 * is seen in perspective. A segment counts for every point it
 * points at (near the principal point, a floor's joints point at its vanishing point and straight up alike).
 * One confident point alone is paired with the image axis across it at infinity (a floor's cross joints are
 * horizontal for a level camera). Null without a confident point.
 */
function choosePlane(
  segs: Segment[],
  vps: Vec3[],
  near: (s: Segment) => boolean,
  extent: number,
  cx: number,
  cy: number,
  region: Bounds,
): { H: Mat3; key: string } | null {
  const support = vps.map(() => ({ n: 0, len: 0 }));
  for (const s of segs) {
    if (!near(s)) continue;
    vps.forEach((v, i) => {
      if (segmentAngleTo(s, v) < TOLERANCE) {
        support[i].n++;
        support[i].len += s.length;
      }
    });
  }
  const ranked = vps
    .map((v, i) => ({ v, i, ...support[i] }))
    .filter((c) => c.n >= MIN_NEAR_SEGMENTS && c.len >= MIN_NEAR_SUPPORT * extent)
    .sort((a, b) => b.len - a.len);
  // a pair seen frontally (both points far away, e.g. a wall's verticals and horizontals) needs no rectification
  const usable = (a: Vec3, b: Vec3) => {
    if (angleBetween(a, b, cx, cy) < MIN_PLANE_ANGLE || !clearOfRegion(a, b, region)) return null;
    const H = rectifyingHomography(a, b, cx, cy);
    return H && distortion(H, region.x0, region.y0, region.x1, region.y1) > FRONTAL ? H : null;
  };
  for (let i = 0; i < ranked.length; i++)
    for (let j = i + 1; j < ranked.length; j++) {
      const H = usable(ranked[i].v, ranked[j].v);
      if (H) return { H, key: [ranked[i].i, ranked[j].i].sort().join() };
    }
  for (const { v, i } of ranked) {
    const tx = Math.abs(v[0] - cx * v[2]),
      ty = Math.abs(v[1] - cy * v[2]);
    const H = usable(v, ty >= tx ? [1, 0, 0] : [0, 1, 0]);
    if (H) return { H, key: `${i},${ty >= tx ? 'x' : 'y'}` };
  }
  return null;
}

/** Mean colour of known pixels in a band around the hole on each side of a line. */
function sideMeans(rgb: Uint8Array, hole: Uint8Array, w: number, box: Bounds, band: number, line: GuideLine, h: number) {
  const sums = [
    [0, 0, 0, 0],
    [0, 0, 0, 0],
  ];
  for (let y = Math.max(0, box.y0 - band); y <= Math.min(h - 1, box.y1 + band); y++)
    for (let x = Math.max(0, box.x0 - band); x <= Math.min(w - 1, box.x1 + band); x++) {
      const p = y * w + x;
      if (hole[p]) continue;
      const d = x * line.cos + y * line.sin - line.rho;
      if (Math.abs(d) < 3) continue;
      const s = sums[d < 0 ? 0 : 1];
      s[0] += rgb[p * 3];
      s[1] += rgb[p * 3 + 1];
      s[2] += rgb[p * 3 + 2];
      s[3]++;
    }
  return sums.map((s) => (s[3] ? [s[0] / s[3], s[1] / s[3], s[2] / s[3], s[3]] : null));
}

/**
 * How clearly two sides' mean colours (`a`, `b`) tell a meeting apart, above 1 when they do, 0 when they cannot: surfaces
 * meet at a step in colour (each side holding `share` ≥ MEETING_SHARE of the hole), materials of one surface at a step
 * in warmth far larger than the step in light.
 */
export function meetingContrast(a: number[], b: number[], share: number): number {
  const colour = (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2])) / 3;
  if (colour >= MEETING_CONTRAST) return share >= MEETING_SHARE ? colour / MEETING_CONTRAST : 0;
  const warmth = Math.abs(a[0] - a[2] - (b[0] - b[2]));
  const light = Math.abs(lumaOf(a[0], a[1], a[2]) - lumaOf(b[0], b[1], b[2]));
  return warmth >= MATERIAL_WARMTH_PER_LIGHT * light ? warmth / MEETING_WARMTH : 0;
}

/**
 * The line crossing the hole that separates two different surfaces or materials, if any: a straight edge through the
 * hole with clearly different colours (or warmth) on its two sides, each side holding at least a corner of the hole,
 * not one of a family of crossing lines.
 */
function findMeetingLine(rgb: Uint8Array, hole: Uint8Array, w: number, h: number, box: Bounds, pad: number): GuideLine | null {
  const x0 = Math.max(0, box.x0 - pad),
    y0 = Math.max(0, box.y0 - pad),
    x1 = Math.min(w - 1, box.x1 + pad),
    y1 = Math.min(h - 1, box.y1 + pad);
  const cw = x1 - x0 + 1,
    ch = y1 - y0 + 1;
  const crop = new Uint8Array(cw * ch * 3),
    cropHole = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    crop.set(rgb.subarray(((y0 + y) * w + x0) * 3, ((y0 + y) * w + x1 + 1) * 3), y * cw * 3);
    cropHole.set(hole.subarray((y0 + y) * w + x0, (y0 + y) * w + x1 + 1), y * cw);
  }
  let best: GuideLine | null = null,
    bestContrast = 1;
  let holeCount = 0;
  for (let i = 0; i < hole.length; i++) holeCount += hole[i];
  // in the picture's coordinates: the distance from its origin, and the extent along the line from there
  const lines = findCrossingLines(crop, cropHole, cw, ch).map((l) => {
    const along = -x0 * l.sin + y0 * l.cos;
    return { ...l, rho: l.rho + x0 * l.cos + y0 * l.sin, tMin: l.tMin + along, tMax: l.tMax + along };
  });
  const cx = (box.x0 + box.x1) / 2,
    cy = (box.y0 + box.y1) / 2,
    extent = Math.max(box.x1 - box.x0, box.y1 - box.y0);
  // a line with two neighbours meeting it far away is one of a family (grout, joints, a chequerboard's edges);
  // one neighbour is allowed: a skirting or a sill runs beside the meeting of floor and wall
  const farApart = (l: GuideLine, m: GuideLine) => {
    const p = cross([l.cos, l.sin, -l.rho], [m.cos, m.sin, -m.rho]);
    return Math.abs(p[2]) < 1e-12 || Math.hypot(p[0] / p[2] - cx, p[1] / p[2] - cy) > 3 * extent;
  };
  for (const line of lines) {
    if (lines.filter((m) => m !== line && farApart(line, m)).length >= 2) continue;
    // both sides must hold a real part of the hole
    let a = 0;
    for (let y = box.y0; y <= box.y1; y++) for (let x = box.x0; x <= box.x1; x++) if (hole[y * w + x] && x * line.cos + y * line.sin < line.rho) a++;
    const share = Math.min(a, holeCount - a) / holeCount;
    if (share < MATERIAL_SHARE) continue;
    const [m0, m1] = sideMeans(rgb, hole, w, box, Math.max(12, Math.round(pad / 3)), line, h);
    if (!m0 || !m1) continue;
    const contrast = meetingContrast(m0, m1, share);
    if (contrast > bestContrast) {
      bestContrast = contrast;
      best = line;
    }
  }
  return best;
}

/** A rotation (about the origin) that turns the line through image points a, b under H into the u axis. */
function alignLine(H: Mat3, a: [number, number], b: [number, number]): Mat3 {
  const [ua, va] = project(H, a[0], a[1]);
  const [ub, vb] = project(H, b[0], b[1]);
  let t = Math.atan2(vb - va, ub - ua);
  if (t > Math.PI / 2) t -= Math.PI;
  if (t < -Math.PI / 2) t += Math.PI;
  const c = Math.cos(-t),
    s = Math.sin(-t);
  return mul([c, -s, 0, s, c, 0, 0, 0, 1], H);
}

/** Image pixels per rectified pixel at a rectified point (the square root of the area a rectified pixel covers). */
function imageScale(Hinv: Mat3, u: number, v: number): number {
  const [x, y] = project(Hinv, u, v),
    [xu, yu] = project(Hinv, u + 1, v),
    [xv, yv] = project(Hinv, u, v + 1);
  return Math.sqrt(Math.abs((xu - x) * (yv - y) - (yu - y) * (xv - x)));
}

interface Side {
  take: Uint8Array;
  H: Mat3;
  rectified: boolean;
  /** No plane in perspective was found: the picture is the plane's view, and only boards of varying widths are filled. */
  frontal?: boolean;
  inside?: (x: number, y: number) => boolean;
}

export async function planeGuidedInpaint(rgb: Uint8Array, hole: Uint8Array, w: number, h: number, opts: PlaneFillOptions): Promise<Uint8Array | null> {
  const box = bounds(hole, w, h);
  if (!box) return null;
  const extent = Math.max(box.x1 - box.x0 + 1, box.y1 - box.y0 + 1);
  const pad = Math.max(48, Math.round(extent * 0.75));
  const segs = segmentsAround(rgb, hole, w, h, box);
  const vps = estimateVanishingPoints(segs, { seed: opts.seed }).map((v) => v.point);
  if (opts.report) Object.assign(opts.report, { segments: segs, vanishingPoints: vps });
  const cx = (box.x0 + box.x1) / 2,
    cy = (box.y0 + box.y1) / 2;
  const nearBox = (s: Segment) => {
    const mx = (s.x1 + s.x2) / 2,
      my = (s.y1 + s.y2) / 2;
    return mx >= box.x0 - extent && mx <= box.x1 + extent && my >= box.y0 - extent && my <= box.y1 + extent;
  };

  const around = { x0: Math.max(0, box.x0 - pad), y0: Math.max(0, box.y0 - pad), x1: Math.min(w - 1, box.x1 + pad), y1: Math.min(h - 1, box.y1 + pad) };
  const meeting = findMeetingLine(rgb, hole, w, h, box, pad);
  let sides: Side[] = [];
  if (meeting) {
    const sideOf = (x: number, y: number) => x * meeting.cos + y * meeting.sin - meeting.rho;
    // two image points of the meeting line near the hole
    const px = meeting.rho * meeting.cos,
      py = meeting.rho * meeting.sin;
    const tMid = -cx * meeting.sin + cy * meeting.cos;
    const a: [number, number] = [px - meeting.sin * (tMid - extent), py + meeting.cos * (tMid - extent)];
    const b: [number, number] = [px - meeting.sin * (tMid + extent), py + meeting.cos * (tMid + extent)];
    const keys: string[] = [];
    for (const sign of [-1, 1]) {
      const take = new Uint8Array(w * h);
      let n = 0,
        sx = 0,
        sy = 0;
      for (let p = 0; p < take.length; p++)
        if (hole[p] && sign * sideOf(p % w, (p / w) | 0) >= 0) {
          take[p] = 1;
          n++;
          sx += p % w;
          sy += (p / w) | 0;
        }
      const scx = sx / n,
        scy = sy / n;
      const plane = choosePlane(segs, vps, (s) => nearBox(s) && sign * sideOf((s.x1 + s.x2) / 2, (s.y1 + s.y2) / 2) > 0, extent, scx, scy, around);
      keys.push(plane?.key ?? 'frontal');
      const H: Mat3 = plane?.H ?? [1, 0, -scx, 0, 1, -scy, 0, 0, 1];
      sides.push({ take, H: alignLine(H, a, b), rectified: !!plane, inside: (x, y) => sign * sideOf(x, y) >= -3 });
    }
    // two colours on one plane (black and white tiles, a rug on the floor) are not two surfaces
    if (keys[0] === keys[1]) sides = [];
    else if (opts.report) opts.report.meeting = meeting;
  }
  if (!sides.length) {
    // without a plane in perspective the surface is seen frontally, the picture its own rectified view: a regular
    // grid there is the single-scale fill's (its guides continue it), but boards of varying widths (a wall's
    // cladding: no vanishing point, no period) are filled board by board
    const plane = choosePlane(segs, vps, nearBox, extent, cx, cy, around);
    sides.push({ take: hole, H: plane?.H ?? [1, 0, -cx, 0, 1, -cy, 0, 0, 1], rectified: true, frontal: !plane });
  }

  // rectified regions first, so the progress total is known
  const jobs = [];
  for (const side of sides) {
    const Hinv = invert(side.H);
    let u0 = Infinity,
      v0 = Infinity,
      u1 = -Infinity,
      v1 = -Infinity;
    for (let p = 0; p < side.take.length; p++) {
      if (!side.take[p]) continue;
      const [u, v, s] = project(side.H, p % w, (p / w) | 0);
      if (s <= 0) return null;
      if (u < u0) u0 = u;
      if (u > u1) u1 = u;
      if (v < v0) v0 = v;
      if (v > v1) v1 = v;
    }
    const region = growRegion(Hinv, { u0, v0, u1, v1 }, { width: w, height: h, pad, maxPixels: MAX_RECT_PIXELS, inside: side.inside });
    jobs.push({ side, region, Hinv });
  }
  let holeTotal = 0;
  for (const j of jobs) holeTotal += j.region.w * j.region.h;
  // every side's fill is chosen before any is made: a side that declines hands the whole hole to the single-scale
  // fill before progress has been reported
  const plans = [];
  for (const { side, region, Hinv } of jobs) {
    const rect = warpToRect(rgb, hole, w, h, Hinv, region, side.inside);
    // the period is measured around the hole only: further out the rectified view may show other surfaces
    const hb = bounds(rect.hole, region.w, region.h)!;
    const gx = Math.round((hb.x1 - hb.x0 + 1) / 2),
      gy = Math.round((hb.y1 - hb.y0 + 1) / 2);
    const near = { x0: Math.max(0, hb.x0 - gx), y0: Math.max(0, hb.y0 - gy), x1: Math.min(region.w - 1, hb.x1 + gx), y1: Math.min(region.h - 1, hb.y1 + gy) };
    const period: [number, number] =
      side.rectified && !side.frontal
        ? [measurePeriod(rect.rgb, rect.hole, region.w, region.h, 0, near), measurePeriod(rect.rgb, rect.hole, region.w, region.h, 1, near)]
        : [0, 0];
    // nearer the camera (a larger w of the source) the plane is seen sharper
    const sharpness = (dx: number, dy: number) => -project(Hinv, region.u0 + region.w / 2 + dx, region.v0 + region.h / 2 + dy)[2];
    const scaleAt = (x: number, y: number) => imageScale(Hinv, region.u0 + x, region.v0 + y);
    const copied = side.frontal ? null : findPeriodFill(rect.rgb, rect.hole, region.w, region.h, period, sharpness, opts.seed);
    // boards in their own tones, where the copies come in layers a board or more across
    const whole = copied && keepBoardTones(rect.rgb, rect.hole, region.w, region.h, period, copied, near);
    // a grid whose tiles differ one from the next has no whole copy that continues the border: cell by cell
    const cells = whole || !side.rectified || side.frontal ? null : findGridFill(rect.rgb, rect.hole, region.w, region.h, near, opts.seed, scaleAt);
    // boards with their ends at random (planks, cladding, brick courses): board by board
    const boards = whole || cells || !side.rectified ? null : findBoardFill(rect.rgb, rect.hole, region.w, region.h, near, scaleAt, opts.seed, side.frontal);
    const copy = whole ?? cells ?? boards;
    // without a period copy a single plane is left to the single-scale fill: on the renders' plank floors the
    // exemplar completion in the rectified view lost the joints that the single-scale fill's guides keep
    if (!copy && jobs.length === 1) return null;
    // a side left with little of its surface in view (a kerb's face, a strip beside the picture's edge) would copy
    // whatever it holds into the hole (a bollard's foot onto the kerb): the single-scale fill sees more around it
    if (!copy) {
      let known = 0,
        taken = 0;
      for (let k = 0; k < rect.hole.length; k++) known += rect.hole[k] ? 0 : 1;
      for (let k = 0; k < side.take.length; k++) taken += side.take[k];
      if (known < MIN_CONTEXT * taken) return null;
    }
    plans.push({
      side,
      region,
      Hinv,
      rect,
      period,
      copy,
      fill: whole ? ('period' as const) : cells ? ('cells' as const) : boards ? ('boards' as const) : ('exemplar' as const),
    });
    if (opts.between) await opts.between();
  }

  let doneBefore = 0;
  const out = Uint8Array.from(rgb);
  const sideReports: PlaneSideReport[] = [];
  for (const { side, region, Hinv, rect, period, copy, fill } of plans) {
    const share = (region.w * region.h) / holeTotal;
    if (copy) copyAlongPlane(out, side.take, rgb, hole, w, h, side.H, Hinv, region, copy);
    else {
      const filled = await exemplarInpaint(rect.rgb, rect.hole, region.w, region.h, {
        seed: opts.seed,
        onStep: (d, t) => opts.onStep?.(doneBefore + (d / t) * share, 1),
        between: opts.between,
      });
      if (!filled) return null;
      warpBack(out, side.take, w, filled, side.H, region);
    }
    doneBefore += share;
    opts.onStep?.(doneBefore, 1);
    if (opts.between) await opts.between();
    sideReports.push({ homography: side.H, rectified: side.rectified && !side.frontal, period, fill, size: [region.w, region.h] });
  }
  // each side's fill stops at the meeting line: what lies on it (a rug's border, a skirting's shadow) is drawn through
  if (meeting && plans.length === 2) drawMeetingLine(out, rgb, hole, w, h, meeting);
  if (opts.report) opts.report.sides = sideReports;
  return out;
}
