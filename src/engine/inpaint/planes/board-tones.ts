/**
 * Boards one period apart (cladding, planks) each have their own tone. A hole wider than the boards left beside it
 * is filled by whole-period copies in layers, each shifted a board or more across: every board in the hole then takes
 * another board's tone, and the layers come back as rings of lighter and darker boards. Here each board's part of each
 * copy is moved to the tone of that board's own known ends beside the hole: the joints stay where the copies put them,
 * and every board keeps one tone through the hole, drawn straight from its known end above the hole to the one below.
 */
import { median } from '../shading.js';
import { bounds, type Bounds } from './geometry.js';
import { gradient, jointGrid } from './lattice.js';
import type { PeriodFill } from './period.js';

/** A board's known ends are read this far along it beyond the hole (pixels). */
const END = 8;
/** Pixels this close to a joint are left out of a board's tone (the joint's own dark line). */
const JOINT_CLEARANCE = 1.5;
/** A board's copy is brightened or darkened by at most this factor. */
const MAX_GAIN = 2;
/** The fill's tone along a board is its median over this many pixels either way. */
const SMOOTH = 8;

/**
 * The period fill `fill` with each board's part of each copy brought to the tone of the board's known ends (`gain`: a
 * board's colour is its wood's times its light, so a joint's dark line darkens and lightens with it);
 * `fill` itself when the surface has a period along both axes (tiles) or one copy fills the whole hole.
 */
export function keepBoardTones(rgb: Uint8Array, hole: Uint8Array, w: number, h: number, period: [number, number], fill: PeriodFill, win: Bounds): PeriodFill {
  if (!!period[0] === !!period[1]) return fill;
  const box = bounds(hole, w, h);
  if (!box) return fill;
  let used = 0;
  for (let p = 0; p < w * h; p++) if (fill.choice[p] > used) used = fill.choice[p];
  if (used < 2) return fill;
  const axis: 0 | 1 = period[0] ? 0 : 1;
  const joints = jointGrid(gradient(rgb, hole, w, h, axis), hole, w, h, axis, period[axis], win);
  // place across the boards, in boards from the joint at `phase`
  const across = (p: number) => ((axis === 0 ? p % w : Math.floor(p / w)) - joints.phase) / joints.period;
  const boardOf = (p: number) => Math.floor(across(p));
  const nearJoint = (p: number) => {
    const f = across(p) - boardOf(p);
    return Math.min(f, 1 - f) * joints.period < JOINT_CLEARANCE;
  };
  // a pixel's colour: known, or as its copy brings it
  const value = (p: number, c: number) => {
    if (!fill.choice[p]) return rgb[p * 3 + c];
    const k = fill.copies[fill.choice[p] - 1];
    return rgb[(p + k.dy * w + k.dx) * 3 + c];
  };
  const [ns, nt] = axis === 0 ? [w, h] : [h, w];
  const at = (s: number, t: number) => (axis === 0 ? t * w + s : s * w + t);
  const [hs0, hs1] = axis === 0 ? [box.x0, box.x1] : [box.y0, box.y1];
  const gain = new Float32Array(w * h * 3).fill(1);
  const first = Math.floor((hs0 - joints.phase) / joints.period),
    last = Math.floor((hs1 - joints.phase) / joints.period);
  for (let b = first; b <= last; b++) {
    const sa = Math.max(0, Math.ceil(joints.phase + b * joints.period)),
      sb = Math.min(ns - 1, Math.ceil(joints.phase + (b + 1) * joints.period) - 1);
    if (sb < sa) continue;
    // the board's stretch through the hole
    let t0 = nt,
      t1 = -1;
    for (let s = sa; s <= sb; s++)
      for (let t = 0; t < nt; t++)
        if (fill.choice[at(s, t)]) {
          t0 = Math.min(t0, t);
          t1 = Math.max(t1, t);
        }
    if (t1 < 0) continue;
    const ta = Math.max(0, t0 - END),
      tb = Math.min(nt - 1, t1 + END);
    // the board's mean colour at each place along it, from its stretch's known end above to the one below
    const profile: number[][] = [];
    for (let t = ta; t <= tb; t++) {
      const m = [0, 0, 0];
      let n = 0;
      for (let s = sa; s <= sb; s++) {
        const p = at(s, t);
        if (nearJoint(p) || (hole[p] && !fill.choice[p])) continue;
        for (let c = 0; c < 3; c++) m[c] += value(p, c);
        n++;
      }
      profile.push(n ? m.map((v) => v / n) : []);
    }
    // per channel, `of` the board's rows known or copied in [from, to]; null without any
    const alongRows = (from: number, to: number, of: (values: number[]) => number) => {
      const rows: number[][] = [];
      for (let t = Math.max(ta, from); t <= Math.min(tb, to); t++) if (profile[t - ta].length) rows.push(profile[t - ta]);
      return rows.length ? [0, 1, 2].map((c) => of(rows.map((r) => r[c]))) : null;
    };
    const mean = (values: number[]) => values.reduce((a, v) => a + v, 0) / values.length;
    // the board's own tone at its known ends beside the hole, drawn straight between them
    const above = t0 > ta ? alongRows(ta, t0 - 1, mean) : null,
      below = t1 < tb ? alongRows(t1 + 1, tb, mean) : null;
    if (!above && !below) continue;
    for (let t = t0; t <= t1; t++) {
      const f = t1 > t0 ? (t - t0) / (t1 - t0) : 0.5;
      const target = [0, 1, 2].map((c) => (above && below ? above[c] * (1 - f) + below[c] * f : (above ?? below)![c]));
      // the fill's own tone here along the board: a median, which follows the step where two copies meet and leaves
      // out a plank end's dark line
      const fillTone = alongRows(t - SMOOTH, t + SMOOTH, median);
      if (!fillTone) continue;
      for (let s = sa; s <= sb; s++) {
        const p = at(s, t);
        if (fill.choice[p]) for (let c = 0; c < 3; c++) gain[p * 3 + c] = Math.min(MAX_GAIN, Math.max(1 / MAX_GAIN, (target[c] + 1) / (fillTone[c] + 1)));
      }
    }
  }
  return { ...fill, gain };
}
