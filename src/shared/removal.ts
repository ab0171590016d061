/** Object removal limits, shared by the submit check (API) and the engine (seed 000 §5 leaves them to us). */

/** Largest share of the image a mask may cover: beyond it too little is left around the hole to fill it from. */
export const MAX_MASK_SHARE = 0.25;

export function maskTooLargeMessage(share: number): string {
  return `The mask covers ${Math.round(share * 100)}% of the image; object removal is limited to ${Math.round(MAX_MASK_SHARE * 100)}%. Please paint only the object to remove.`;
}
