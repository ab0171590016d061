/**
 * Boards: plank floors, decking and brick courses have long joints one period apart across them and ends (plank
 * ends, head joints) at no fixed place along them, so no copy of the whole hole continues its border and a grid's
 * cells do not exist. Here the rectified hole is filled board by board: each board's stretch through the hole takes
 * a stretch of a board a whole number of periods across (itself included), slid along the boards to where its known
 * ends agree with the board's ends at the hole. Every joint across continues, each board keeps one board's tone, and
 * the ends inside the hole are real ends copied whole. Boards of varying widths (cladding), with no period across
 * them, are found by their joints instead, and each board's stretch takes a stretch of a board of its own width.
 */
import { DEFAULT_FILL_SEED } from '@shared/removal.js';
import { mulberry32 } from '@shared/seeded-random.js';
import { bounds, type Bounds } from './geometry.js';
import { gradient, gridAllRound, jointGrid, selfAgreement } from './lattice.js';
import { MAX_COPIES, measurePeriod, type PeriodCopy, type PeriodFill } from './period.js';

/** Known pixels of the board this far along it beyond the hole are the ends a copy is matched on. */
const END = 6;
/** The board's colour and how it changes along are measured this far beyond the hole (pixels). */
const REACH = 32;
/** A source stretch is known this many pixels beyond its ends and sides, so its copy never touches the hole. */
const MARGIN = 2;
/** Sources seen at least this share of the board's size at the hole are preferred (nearer the camera, sharper). */
const SHARP_ENOUGH = 0.85;
/** Per period of distance between a board's stretch and its source, the score grows by this many levels. */
const DISTANCE_COST = 0.5;
/** A board's known ends may differ from the source's by at most this many levels on average. */
const MAX_BOARD_ERROR = 24;
/** Known end pixels compared per candidate at most (evenly subsampled beyond). */
const MAX_END_SAMPLES = 400;
/** Boards narrower than this (rectified pixels) are texture, not boards. */
const MIN_PERIOD = 4;
/**
 * A row across a board (its mean colour) is foreign to the board when it differs from the mean of the board's known
 * rows by more than this many levels or three times their own spread, whichever is more (a sill on a brick course's
 * line, not a plank end).
 */
const FOREIGN_LEVELS = 16;
/** A source stretch with more foreign rows than this share carries another object into the board. */
const MAX_FOREIGN = 0.1;
/**
 * A row is flat when its colour changes from the row two before by less than this share of the board's mean change
 * along its known rows. A source stretch may hold a run of flat rows only FLAT_RUN times as long as the board's own
 * longest (a brick, a plank): a longer one is a window's glass on a brick course's line, at night as dark as the
 * bricks and so not foreign by colour.
 */
const FLAT_SHARE = 0.25;
const FLAT_RUN = 1.5;
/** Another fill (a seed other than the default) draws each board's source among this many best… */
const SHORTLIST = 4;
/** …that score within this many levels of the best. */
const DRAW_WITHIN = 3;

interface Boards {
  /** The axis across the boards (0: the boards run along y). */
  axis: 0 | 1;
  /** The boards' width; of boards of varying widths, their median. */
  period: number;
  /**
   * Each board's first and last pixel across, in order; board k + 1 lies one period beyond board k, unless the
   * widths vary (`irregular`): then a board's sources are the boards of its width.
   */
  spans: [number, number][];
  irregular?: boolean;
  /** Of boards of varying widths, the stretch along them where their joints were found: sources stay inside it. */
  along?: [number, number];
}

/**
 * Boards of varying widths: a joint is a place across whose mean gradient, over the hole's stretch along the boards
 * and `JOINT_REACH` px before and after it, is at least `JOINT_CONTRAST` times the median (the winter render's
 * cladding: 1.15 finds its 5–6 px boards, 1.3 misses half their joints); the joints run on along the boards (the
 * gradient agrees with itself one board's width along by at least `JOINT_RUN`).
 */
const JOINT_CONTRAST = 1.15;
const JOINT_REACH = 24;
const JOINT_RUN = 0.5;
/** Two peaks of one joint whose weaker is at least this share of the stronger are the two sides of a line. */
const PEAKS_ALIKE = 0.8;
/**
 * Of boards of varying widths, a source stretch keeps the board's tone: its mean within `IRREGULAR_TONE` levels of
 * the board's known ends, and those ends agreeing within `IRREGULAR_ERROR` levels on average (a garden bed's smooth
 * boards matched at 12–15 levels and came back striped; the cladding's boards match at 2–5).
 */
const IRREGULAR_TONE = 10;
const IRREGULAR_ERROR = 8;

/**
 * A span narrower than this share of the width the boards' pixels lie on (its median over their pixels: grooves beside
 * the joints make many narrow spans but hold few pixels) is a groove's strip of a board, not a board.
 */
const NARROW = 0.4;

/**
 * Drops, in place, the joints that make spans narrower than `NARROW` of the median width over `near`'s pixels: of such
 * a span's two joints the weaker in `profile` goes (a groove along a board beside its joint), narrowest span first.
 */
function mergeNarrow(joints: number[], profile: Float32Array, near: [number, number][]): boolean {
  if (near.length < 2) return false;
  const widths = near.map(([p, q]) => q - p + 1).sort((x, y) => x - y);
  let half = widths.reduce((a, b) => a + b, 0) / 2,
    k = 0;
  while ((half -= widths[k]) > 0) k++;
  const narrow = NARROW * widths[k];
  const strength = (j: number) => Math.max(profile[j - 1] || 0, profile[j] || 0, profile[j + 1] || 0);
  for (let merged = false; ; merged = true) {
    let n = -1;
    for (let i = 0; i + 1 < joints.length; i++)
      if (joints[i + 1] - joints[i] < narrow && (n < 0 || joints[i + 1] - joints[i] < joints[n + 1] - joints[n])) n = i;
    if (n < 0 || joints.length <= 2) return merged;
    // the end joints bound the boards found: of a narrow span at an end, its inner joint goes
    const drop = n === 0 ? 1 : n + 1 === joints.length - 1 ? n : strength(joints[n]) < strength(joints[n + 1]) ? n : n + 1;
    joints.splice(drop, 1);
  }
}

/**
 * Boards of varying widths (cladding, decking of mixed boards), seen frontally: no period across them, but joints
 * that run on along the other axis. The boards are the spans between joints (peaks of the mean gradient across over
 * the hole's stretch along and a little beyond, peaks closer than a board taken as one joint, a groove's strip of a
 * board merged into the board, `mergeNarrow`); null where some
 * place across the hole lies on no board, where the joints do not run on, or with fewer than two boards across it.
 */
function findJointBoards(g: Float32Array, hole: Uint8Array, w: number, h: number, win: Bounds, axis: 0 | 1): Boards | null {
  const box = bounds(hole, w, h);
  if (!box) return null;
  const [ns, nt] = axis === 0 ? [w, h] : [h, w];
  const [ha, hb] = axis === 0 ? [box.x0, box.x1] : [box.y0, box.y1];
  const [ta, tb] = axis === 0 ? [box.y0, box.y1] : [box.x0, box.x1];
  const [wa, wb] = axis === 0 ? [Math.max(1, win.x0), Math.min(ns - 2, win.x1)] : [Math.max(1, win.y0), Math.min(ns - 2, win.y1)];
  const at = (s: number, t: number) => (axis === 0 ? t * w + s : s * w + t);
  const profile = new Float32Array(ns).fill(NaN);
  for (let s = wa; s <= wb; s++) {
    let sum = 0,
      n = 0;
    for (let t = Math.max(0, ta - JOINT_REACH); t <= Math.min(nt - 1, tb + JOINT_REACH); t++) {
      const v = g[at(s, t)];
      if (v >= 0) {
        sum += v;
        n++;
      }
    }
    if (n >= 4) profile[s] = sum / n;
  }
  const vals = Array.from(profile.slice(wa, wb + 1)).filter((v) => !Number.isNaN(v));
  if (vals.length < 8) return null;
  vals.sort((a, b) => a - b);
  const bar = JOINT_CONTRAST * vals[vals.length >> 1];
  // two peaks closer than a board are the two sides of one joint: the stronger stands for it, and where they are
  // about as strong (a dark line stepping down, then up) the joint lies between them
  const joints: number[] = [];
  let strongest = -1;
  for (let s = wa; s <= wb; s++)
    if (profile[s] >= bar && profile[s] >= profile[s - 1] && profile[s] > profile[s + 1]) {
      if (joints.length === 0 || s - strongest >= MIN_PERIOD) {
        joints.push(s);
        strongest = s;
      } else if (Math.min(profile[s], profile[strongest]) >= PEAKS_ALIKE * Math.max(profile[s], profile[strongest]))
        joints[joints.length - 1] = Math.round((strongest + s) / 2);
      else if (profile[s] > profile[strongest]) joints[joints.length - 1] = strongest = s;
    }
  const near = (sp: [number, number][]) => sp.filter(([p, q]) => q >= ha && p <= hb);
  const spansOf = (js: number[]) => js.slice(1).map((j, k): [number, number] => [js[k], j - 1]);
  // the width the boards' pixels lie on rises as grooves' strips are merged: until it settles
  while (mergeNarrow(joints, profile, near(spansOf(joints))));
  let spans = spansOf(joints);
  const found = near(spans);
  if (found.length < 2) return null;
  const widths = found.map(([p, q]) => q - p + 1).sort((x, y) => x - y);
  const period = widths[widths.length >> 1];
  // a span of two boards or more (a joint too faint to find) is split into boards of about the median width
  spans = spans.flatMap(([p, q]) => {
    const k = Math.max(1, Math.round((q - p + 1) / period));
    return Array.from({ length: k }, (_, i): [number, number] => [p + Math.round(((q - p + 1) * i) / k), p + Math.round(((q - p + 1) * (i + 1)) / k) - 1]);
  });
  const around = near(spans);
  for (let x = ha; x <= hb; x++) if (!around.some(([p, q]) => p <= x && x <= q)) return null;
  const d = Math.max(2, Math.round(period));
  const run = selfAgreement(g, w, h, win, axis === 0 ? 0 : d, axis === 0 ? d : 0);
  if (!(run >= JOINT_RUN)) return null;
  return { axis, period, spans, irregular: true, along: [Math.max(0, ta - JOINT_REACH), Math.min(nt - 1, tb + JOINT_REACH)] };
}

/**
 * The boards around the rectified hole: a period of joints across one axis (of luma's signed derivative: a brick
 * course's mortar above and below steps alike in magnitude, so the magnitude repeats every half course) whose joints
 * run on along the other axis all round the hole. Of two such axes, the one whose joints agree with themselves one
 * period along best (the boards' long joints, not the plank ends).
 */
function findBoards(rgb: Uint8Array, hole: Uint8Array, w: number, h: number, win: Bounds, varyingOnly: boolean): Boards | null {
  let best: (Boards & { run: number }) | null = null;
  for (const axis of varyingOnly ? [] : ([0, 1] as const)) {
    const measured = measurePeriod(rgb, hole, w, h, axis, win);
    if (measured < MIN_PERIOD) continue;
    const g = gradient(rgb, hole, w, h, axis);
    const { period, phase } = jointGrid(g, hole, w, h, axis, measured, win);
    // across: one period on, the joints land on joints; along: the joints run on (the same step, on the same g)
    if (!gridAllRound(g, hole, w, h, [period, period])) continue;
    const d = Math.round(period);
    const run = selfAgreement(g, w, h, win, axis === 0 ? 0 : d, axis === 0 ? d : 0);
    if (best && run <= best.run) continue;
    const ns = axis === 0 ? w : h;
    const spans: [number, number][] = [];
    for (let b = Math.floor(-phase / period); phase + b * period <= ns - 1; b++)
      spans.push([Math.max(0, Math.ceil(phase + b * period)), Math.min(ns - 1, Math.ceil(phase + (b + 1) * period) - 1)]);
    best = { axis, period, spans, run };
  }
  if (best) return best;
  // no period across an axis (a regular grid seen head-on has one): boards of varying widths, found by their joints
  for (const axis of [0, 1] as const) {
    if (measurePeriod(rgb, hole, w, h, axis, win) >= MIN_PERIOD) continue;
    const found = findJointBoards(gradient(rgb, hole, w, h, axis), hole, w, h, win, axis);
    if (found) return found;
  }
  return null;
}

/** Per board, read lazily: where along it its whole width (with the margin) is known, and its rows' mean colours. */
class BoardRows {
  private known = new Map<number, Int32Array>();
  private means = new Map<number, Float32Array>();
  readonly ns: number;
  readonly nt: number;

  constructor(
    readonly rgb: Uint8Array,
    readonly hole: Uint8Array,
    readonly w: number,
    h: number,
    readonly boards: Boards,
  ) {
    [this.ns, this.nt] = boards.axis === 0 ? [w, h] : [h, w];
  }

  /** Pixel index of (s across, t along). */
  at(s: number, t: number): number {
    return this.boards.axis === 0 ? t * this.w + s : s * this.w + t;
  }

  /** (s across, t along) of a pixel index. */
  st(p: number): [number, number] {
    const x = p % this.w,
      y = Math.floor(p / this.w);
    return this.boards.axis === 0 ? [x, y] : [y, x];
  }

  /** Prefix sums along t of "the whole width here is known": a stretch [a, b] is known when they rise by b − a + 1. */
  knownRuns(b: number): Int32Array {
    let runs = this.known.get(b);
    if (runs) return runs;
    runs = new Int32Array(this.nt + 1);
    const [sa, sb] = this.boards.spans[b];
    const whole = sa - MARGIN >= 0 && sb + MARGIN <= this.ns - 1 && (this.boards.irregular || sb - sa + 1 >= this.boards.period - 1);
    for (let t = 0; t < this.nt; t++) {
      let ok = whole;
      for (let s = sa - MARGIN; ok && s <= sb + MARGIN; s++) if (this.hole[this.at(s, t)]) ok = false;
      runs[t + 1] = runs[t] + (ok ? 1 : 0);
    }
    this.known.set(b, runs);
    return runs;
  }

  /** The longest stretch along the board whose whole width (with the margin) is known. */
  longestKnown(b: number): number {
    const runs = this.knownRuns(b);
    let longest = 0;
    for (let t = 0, run = 0; t < this.nt; t++) {
      run = runs[t + 1] > runs[t] ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    return longest;
  }

  /** Mean RGB of each row across the board, interleaved by t. */
  rows(b: number): Float32Array {
    let rows = this.means.get(b);
    if (rows) return rows;
    rows = new Float32Array(this.nt * 3);
    const [sa, sb] = this.boards.spans[b];
    for (let t = 0; t < this.nt; t++)
      for (let s = sa; s <= sb; s++) {
        const p = this.at(s, t);
        for (let c = 0; c < 3; c++) rows[t * 3 + c] += this.rgb[p * 3 + c] / (sb - sa + 1);
      }
    this.means.set(b, rows);
    return rows;
  }
}

/** Mean of a board's rows [t0, t1] (grey: the mean of the three channels). */
function stretchTone(rows: Float32Array, t0: number, t1: number): number {
  let v = 0;
  for (let t = t0; t <= t1; t++) v += (rows[t * 3] + rows[t * 3 + 1] + rows[t * 3 + 2]) / 3;
  return v / (t1 - t0 + 1);
}

/** How much a row's colour changes from the row two before (0 for the first two). */
function change(rows: Float32Array, t: number): number {
  return t < 2 ? 0 : (Math.abs(rows[t * 3] - rows[t * 3 - 6]) + Math.abs(rows[t * 3 + 1] - rows[t * 3 - 5]) + Math.abs(rows[t * 3 + 2] - rows[t * 3 - 4])) / 3;
}

/** What a board's known rows near the hole look like: a source stretch must look the same along its length. */
function boardLook(rows: Float32Array, known: number[]) {
  const n = known.length || 1;
  const mu = [0, 1, 2].map((c) => known.reduce((v, t) => v + rows[t * 3 + c], 0) / n);
  const away = (r: Float32Array, t: number) => (Math.abs(r[t * 3] - mu[0]) + Math.abs(r[t * 3 + 1] - mu[1]) + Math.abs(r[t * 3 + 2] - mu[2])) / 3;
  const spread = known.reduce((v, t) => v + away(rows, t), 0) / n;
  const isKnown = new Set(known);
  const changing = known.filter((t) => isKnown.has(t - 2));
  const flatBelow = (FLAT_SHARE * changing.reduce((v, t) => v + change(rows, t), 0)) / (changing.length || 1);
  let longest = 0;
  for (let k = 0, run = 0; k < changing.length; k++) {
    run = change(rows, changing[k]) < flatBelow ? (k && changing[k - 1] === changing[k] - 1 ? run + 1 : 1) : 0;
    longest = Math.max(longest, run);
  }
  return { away, foreignAt: Math.max(FOREIGN_LEVELS, 3 * spread), flatBelow, flatAllowed: Math.max(4, FLAT_RUN * longest) };
}

interface Source {
  ds: number;
  dt: number;
  error: number;
  offset: [number, number, number];
  score: number;
}

/**
 * The best source for board `b`'s stretch [t0, t1] through the hole: among stretches of every board whole periods
 * away, known along its length and looking like the board there, the one whose ends agree best with the board's
 * known ends (plus a small cost for distance), preferring those seen as sharp as the board at the hole.
 */
function bestSource(
  board: BoardRows,
  b: number,
  t0: number,
  t1: number,
  scaleAt: (x: number, y: number) => number,
  /** For another candidate than the default fill: draws among the sources about as good as the best. */
  draw?: () => number,
): Source | null {
  const { rgb, hole, ns, nt } = board;
  const { axis, period, spans } = board.boards;
  const [sa, sb] = spans[b];
  const ends: number[] = [];
  for (let t = Math.max(0, t0 - END); t <= Math.min(nt - 1, t1 + END); t++) for (let s = sa; s <= sb; s++) if (!hole[board.at(s, t)]) ends.push(board.at(s, t));
  const endStep = Math.max(1, Math.ceil(ends.length / MAX_END_SAMPLES));
  // the compared end pixels, with their place across and along, worked out once for every candidate
  const compared = ends.filter((_, k) => k % endStep === 0);
  const samples = compared.length;
  const endS = new Int32Array(samples),
    endT = new Int32Array(samples);
  compared.forEach((p, k) => ([endS[k], endT[k]] = board.st(p)));
  const knownRows: number[] = [];
  for (let t = Math.max(0, t0 - REACH); t <= Math.min(nt - 1, t1 + REACH); t++) {
    let known = true;
    for (let s = sa; known && s <= sb; s++) if (hole[board.at(s, t)]) known = false;
    if (known) knownRows.push(t);
  }
  const look = boardLook(board.rows(b), knownRows);
  let endTone = 0;
  for (const p of compared) endTone += (rgb[p * 3] + rgb[p * 3 + 1] + rgb[p * 3 + 2]) / 3 / (samples || 1);
  const mid = (sa + sb) / 2,
    tm = (t0 + t1) / 2;
  const scale = (s: number, t: number) => (axis === 0 ? scaleAt(s, t) : scaleAt(t, s));
  const need = SHARP_ENOUGH * scale(mid, tm);
  // the best few candidates, best first: those seen sharp enough, and any
  const sharpest: Source[] = [],
    anyOf: Source[] = [];
  const keep = (list: Source[], c: Source) => {
    let at = list.length;
    while (at > 0 && list[at - 1].score > c.score) at--;
    list.splice(at, 0, c);
    if (list.length > SHORTLIST) list.pop();
  };
  const bar = (list: Source[]) => (list.length < SHORTLIST ? Infinity : list[SHORTLIST - 1].score);
  for (let src = 0; src < spans.length; src++) {
    // boards of varying widths: a source is a board of the same width within a pixel, aligned on its first joint
    const [qa, qb] = spans[src];
    if (board.boards.irregular && Math.abs(qb - qa - (sb - sa)) > 1) continue;
    const runs = board.knownRuns(src);
    const rows = board.rows(src);
    const foreign = new Int32Array(nt + 1);
    for (let t = 0; t < nt; t++) foreign[t + 1] = foreign[t] + (look.away(rows, t) > look.foreignAt ? 1 : 0);
    const tooFlat = (dt: number) => {
      for (let t = t0 + dt, run = 0; t <= t1 + dt; t++) {
        run = change(rows, t) < look.flatBelow ? run + 1 : 0;
        if (run > look.flatAllowed) return true;
      }
      return false;
    };
    const ds = board.boards.irregular ? qa - sa : (src - b) * period;
    for (let dt = MARGIN - t0; t1 + dt + MARGIN <= nt - 1; dt++) {
      const ta = t0 + dt - MARGIN,
        tb = t1 + dt + MARGIN;
      const along = board.boards.along;
      if (along && (t0 + dt < along[0] || t1 + dt > along[1])) continue;
      if (runs[tb + 1] - runs[ta] !== tb - ta + 1) continue;
      if (foreign[t1 + dt + 1] - foreign[t0 + dt] > MAX_FOREIGN * (t1 - t0 + 1)) continue;
      const distance = (DISTANCE_COST * Math.hypot(ds, dt)) / period;
      const sharpHere = scale(mid + ds, tm + dt) >= need;
      // the error above which this candidate enters neither shortlist (nor may be used at all)
      const useful = Math.min(MAX_BOARD_ERROR, Math.max(bar(anyOf), sharpHere ? bar(sharpest) : -Infinity) - distance);
      const stopAt = useful * 3 * samples;
      let diff = 0,
        n = 0;
      const mean = [0, 0, 0];
      for (let k = 0; k < samples && diff <= stopAt; k++) {
        const p = compared[k];
        const qs = Math.round(endS[k] + ds),
          qt = endT[k] + dt;
        if (qs < 0 || qs >= ns || qt < 0 || qt >= nt) continue;
        const q = board.at(qs, qt);
        if (hole[q]) continue;
        for (let c = 0; c < 3; c++) {
          const d = rgb[p * 3 + c] - rgb[q * 3 + c];
          diff += Math.abs(d);
          mean[c] += d;
        }
        n++;
      }
      if (!n || diff > stopAt) continue;
      // boards of varying widths: the source's stretch keeps the tone of the board's ends (not a board in shadow)
      if (board.boards.irregular && Math.abs(stretchTone(rows, t0 + dt, t1 + dt) - endTone) > IRREGULAR_TONE) continue;
      const error = diff / (3 * n);
      if (error > (board.boards.irregular ? IRREGULAR_ERROR : MAX_BOARD_ERROR)) continue;
      const score = error + distance;
      const entersAny = score < bar(anyOf),
        entersSharp = sharpHere && score < bar(sharpest);
      // long flat runs are a window's glass on a brick course; long boards of varying widths are flat along
      if ((!entersAny && !entersSharp) || (!board.boards.irregular && tooFlat(dt))) continue;
      const c: Source = { ds, dt, error, offset: mean.map((v) => v / n) as [number, number, number], score };
      if (entersAny) keep(anyOf, c);
      if (entersSharp) keep(sharpest, c);
    }
  }
  const list = sharpest.length ? sharpest : anyOf;
  if (!list.length || !draw) return list[0] ?? null;
  // another candidate: one of the sources about as good as the best
  const near = list.filter((c) => c.score <= list[0].score + DRAW_WITHIN);
  return near[Math.floor(draw() * near.length)];
}

/**
 * The board-by-board fill of the rectified `hole`, in `findPeriodFill`'s form; null without boards all round the
 * hole, or when some board's stretch has no source in view whose ends agree with it.
 */
export function findBoardFill(
  rgb: Uint8Array,
  hole: Uint8Array,
  w: number,
  h: number,
  win: Bounds,
  /** Image pixels per rectified pixel at a rectified point: a source seen smaller than the board would be blurred. */
  scaleAt: (x: number, y: number) => number = () => 1,
  /** The default seed takes each board's best source; another draws among those about as good (Try another fill). */
  seed = DEFAULT_FILL_SEED,
  /** Only boards of varying widths (found by their joints), not boards one period apart. */
  varyingOnly = false,
): PeriodFill | null {
  const draw = seed === DEFAULT_FILL_SEED ? undefined : mulberry32(seed);
  const box = bounds(hole, w, h);
  const boards = box && findBoards(rgb, hole, w, h, win, varyingOnly);
  if (!box || !boards) return null;
  const board = new BoardRows(rgb, hole, w, h, boards);
  const { axis, spans } = boards;
  const [ha, hb] = axis === 0 ? [box.x0, box.x1] : [box.y0, box.y1];
  const stretches: { b: number; t0: number; t1: number }[] = [];
  for (let b = 0; b < spans.length; b++) {
    const [sa, sb] = spans[b];
    if (sb < ha || sa > hb) continue;
    let t0 = board.nt,
      t1 = -1;
    for (let s = sa; s <= sb; s++)
      for (let t = 0; t < board.nt; t++)
        if (hole[board.at(s, t)]) {
          t0 = Math.min(t0, t);
          t1 = Math.max(t1, t);
        }
    if (t1 >= 0) stretches.push({ b, t0, t1 });
  }
  // a stretch longer than every board's known run has no source: declined before any search
  let longest = 0;
  for (let b = 0; b < spans.length; b++) longest = Math.max(longest, board.longestKnown(b));
  if (stretches.some(({ t0, t1 }) => t1 - t0 + 1 + 2 * MARGIN > longest)) return null;
  const copies: PeriodCopy[] = [];
  const choice = new Uint8Array(w * h);
  for (const { b, t0, t1 } of stretches) {
    const [sa, sb] = spans[b];
    const pick = bestSource(board, b, t0, t1, scaleAt, draw);
    if (!pick || pick.error > MAX_BOARD_ERROR || copies.length >= MAX_COPIES) return null;
    const [dx, dy] = axis === 0 ? [pick.ds, pick.dt] : [pick.dt, pick.ds];
    copies.push({ dx, dy, tone: 0, error: pick.error, coverage: 1, offset: pick.offset });
    for (let s = sa; s <= sb; s++) for (let t = t0; t <= t1; t++) if (hole[board.at(s, t)]) choice[board.at(s, t)] = copies.length;
  }
  // every hole pixel lies on some board's stretch
  for (let p = 0; p < w * h; p++) if (hole[p] && !choice[p]) return null;
  return { copies, choice };
}
