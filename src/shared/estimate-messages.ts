/**
 * The words of estimates before pressing and of a job's phase while it runs. ./messages.ts includes them, so `msg()`
 * finds them like any other.
 */
export const estimateMessages = {
  /** The control panel's line: '4 credits · about 40 s'. */
  estimateLine: '{credits} · {time}',
  estimateAbout: 'about {time}',
  /** Before a mode has run on this server: a wide range, said to be one. */
  estimateUnmeasured: 'about {time}, not measured here yet',
  estimateUnmeasuredHint: 'No {mode} job has finished on this server yet: the range is wide until one has.',
  estimateChecking: 'Working out cost and time…',
  estimateSameAsBefore: 'Already enhanced at ×{scale} {mode} — running again charges again',
  estimateSameAsBeforeMany: '{n} of these were already enhanced at ×{scale} {mode} — running again charges again',
  estimateWaitIncluded: 'including about {time} waiting for a worker',
  /** A batch running: one ETA for all of it. */
  batchEtaLeft: 'All {n} done in about {time}',
  // a job's phase while it runs
  phaseLoadingModel: 'Loading model',
  phaseTiles: 'Tile {done} of {total}',
  phaseSaving: 'Saving',
} as const;
