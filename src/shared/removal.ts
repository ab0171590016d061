/** Object removal limits, shared by the submit check (API) and the engine (seed 000 §5 leaves them to us). */

/** Largest share of the image a mask may cover: beyond it too little is left around the hole to fill it from. */
export const MAX_MASK_SHARE = 0.25;

export function maskTooLargeMessage(share: number): string {
  return `The mask covers ${Math.round(share * 100)}% of the image; object removal is limited to ${Math.round(MAX_MASK_SHARE * 100)}%. Please paint only the object to remove.`;
}

/**
 * The seed of a removal's fill: the engine's patch searches draw from it, so one seed always gives the same fill and
 * another seed another candidate ('Try another fill'). A removal submitted without one uses the engine's default.
 */
export const FILL_SEED_MAX = 2 ** 31 - 1;
/** The seed of a removal submitted without one. */
export const DEFAULT_FILL_SEED = 0x5eed;

/**
 * Try another fill compares its fill with the fills it follows (the one tried against, the one that one was tried
 * against, …) and draws a seed none of them used; it looks this many back.
 */
export const FILLS_COMPARED_MAX = 20;

export const isFillSeed = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= FILL_SEED_MAX;

/**
 * Feather: a soft edge painted around the mask, 0 (a hard edge) to 32 px (seed 000 §5 leaves it to us). The mask's
 * grey levels carry it: the fill covers the soft edge and is blended over the picture in proportion to them.
 */
/** A mask pixel is painted from this strength (0..255) up: half opaque and half bright; below it, a feathered edge. */
export const PAINTED_FROM = 128;

export const FEATHER_RANGE = { min: 0, max: 32, step: 1 } as const;
export const FEATHER_DEFAULT = 0;
