/** seed 001 §9: grid spacing 900 units; each card fitted to 800 × 700. */
export const GRID_SPACING = 900;
const CARD_FIT = { width: 800, height: 700 } as const;
/** Height of the card's caption strip (name, resolution) under the image. */
const CARD_CAPTION_HEIGHT = 44;

export interface Point {
  x: number;
  y: number;
}

/** seed 000 §4: ceil(sqrt(image count)) columns. */
export function gridColumns(count: number): number {
  return Math.max(1, Math.ceil(Math.sqrt(Math.max(0, count))));
}

function gridPosition(index: number, count: number): Point {
  const columns = gridColumns(count);
  return { x: (index % columns) * GRID_SPACING, y: Math.floor(index / columns) * GRID_SPACING };
}

/** The space a card takes on the canvas from its position (top left): at most the fitted image and its caption. */
const CARD_BOX = { width: CARD_FIT.width, height: CARD_FIT.height + CARD_CAPTION_HEIGHT };

const overlaps = (a: Point, b: Point) => Math.abs(a.x - b.x) < CARD_BOX.width && Math.abs(a.y - b.y) < CARD_BOX.height;

/**
 * The first free grid slots for `adding` new cards (seed 000 §4: spacing 900, ceil(sqrt(n)) columns): a slot is
 * free when no card already there would overlap a card placed in it, wherever that card was moved to.
 */
export function positionsForNew(existing: Point[], adding: number): Point[] {
  const total = existing.length + adding;
  const taken = [...existing];
  const out: Point[] = [];
  for (let i = 0; out.length < adding; i++) {
    const p = gridPosition(i, total);
    if (taken.some((t) => overlaps(t, p))) continue;
    taken.push(p);
    out.push(p);
  }
  return out;
}

/** Image box of a card: the image's aspect ratio inside 800 × 700, scaled up or down to fill it. */
export function fitCard(width: number, height: number): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: CARD_FIT.width, height: CARD_FIT.height };
  const ratio = Math.min(CARD_FIT.width / width, CARD_FIT.height / height);
  return { width: Math.round(width * ratio), height: Math.round(height * ratio) };
}

/**
 * In the workspace (tablet and wider) toasts sit at the bottom right, left of the zoom controls; when the canvas
 * frames its cards it keeps the bottom `band` pixels free for them (three stacked toasts with a description).
 */
export const TOAST_CORNER = { right: 64, bottom: 16, band: 140 } as const;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The camera that frames the cards (`bounds`, canvas units) in the free part of the canvas (`size` less `pad`, screen
 * pixels), never closer than `maxZoom`. On a phone, fitting a whole grid made cards a hundred pixels wide with
 * unreadable captions: there a card at least spans the free width (`minCardWidth` canvas units across), starting
 * from the top left card, and the rest of the grid is a pan away.
 */
export function frameCards(
  bounds: Box,
  size: { width: number; height: number },
  pad: { top: number; right: number; bottom: number; left: number },
  opts: { minZoom: number; maxZoom: number; minCardWidth?: number },
): { x: number; y: number; zoom: number } {
  const freeW = size.width - pad.left - pad.right;
  const freeH = size.height - pad.top - pad.bottom;
  const fitAll = Math.min(freeW / bounds.width, freeH / bounds.height);
  const readable = opts.minCardWidth ? freeW / opts.minCardWidth : 0;
  const zoom = Math.max(opts.minZoom, Math.min(opts.maxZoom, Math.max(fitAll, readable)));
  // centred along an axis where everything fits; otherwise from the first card's edge
  const along = (start: number, free: number, from: number, length: number) =>
    length * zoom <= free ? start + (free - length * zoom) / 2 - from * zoom : start - from * zoom;
  return { x: along(pad.left, freeW, bounds.x, bounds.width), y: along(pad.top, freeH, bounds.y, bounds.height), zoom };
}

/** A fitted card's width on the canvas: a phone's fit shows at least one across. */
export const PHONE_CARD_SPAN = CARD_FIT.width;
