/** What a run is doing: loading its models, working through its tiles, or encoding the result. */
export type RunPhase = 'loading' | 'tiles' | 'saving';

export interface Progress {
  tilesDone: number;
  tilesTotal: number;
  fraction: number;
  etaMs: number | null;
  /** Told by runs that have phases (an enhancement); absent: steps without tiles to name. */
  phase?: RunPhase;
}

/**
 * Tile progress with an ETA from the mean time per finished tile (tiles are equal-sized by design); `phase` is
 * 'tiles' for real tiles, absent for steps of another kind.
 */
export function createProgressTracker(total: number, onProgress?: (p: Progress) => void, now: () => number = Date.now, phase?: 'tiles') {
  const started = now();
  const tagged = phase ? { phase } : {};
  onProgress?.({ tilesDone: 0, tilesTotal: total, fraction: 0, etaMs: null, ...tagged });
  return {
    tile(done: number) {
      if (!onProgress) return;
      const elapsed = now() - started;
      onProgress({
        tilesDone: done,
        tilesTotal: total,
        fraction: total ? done / total : 1,
        etaMs: done > 0 ? Math.round((elapsed / done) * (total - done)) : null,
        ...tagged,
      });
    },
  };
}

/**
 * seed 001 §9: the up-front estimate shown before real tile progress arrives, in seconds:
 * 60 + 60 + longest scaled side / 2000 · 60, plus 60 when that side is over 4000 px, capped at 600.
 */
export function estimateSeconds(width: number, height: number, scale: number): number {
  const longest = Math.max(Math.round(width * scale), Math.round(height * scale));
  const estimate = 60 + 60 + (longest / 2000) * 60 + (longest > 4000 ? 60 : 0);
  return Math.min(600, estimate);
}
