/** seed 001 §9: grid spacing 900 units; each card fitted to 800 × 700. */
export const GRID_SPACING = 900;
export const CARD_FIT = { width: 800, height: 700 } as const;
/** Height of the card's caption strip (name, resolution) under the image. */
export const CARD_CAPTION_HEIGHT = 44;

export interface Point {
  x: number;
  y: number;
}

/** seed 000 §4: ceil(sqrt(image count)) columns. */
export function gridColumns(count: number): number {
  return Math.max(1, Math.ceil(Math.sqrt(Math.max(0, count))));
}

export function gridPosition(index: number, count: number): Point {
  const columns = gridColumns(count);
  return { x: (index % columns) * GRID_SPACING, y: Math.floor(index / columns) * GRID_SPACING };
}

/** The first free grid slots for `adding` new cards, skipping slots already taken by cards left where the grid put them. */
export function positionsForNew(existing: Point[], adding: number): Point[] {
  const total = existing.length + adding;
  const taken = new Set(existing.map((p) => `${p.x},${p.y}`));
  const out: Point[] = [];
  for (let i = 0; out.length < adding; i++) {
    const p = gridPosition(i, total);
    const key = `${p.x},${p.y}`;
    if (taken.has(key)) continue;
    taken.add(key);
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
