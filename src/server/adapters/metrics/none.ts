import type { Metrics } from '@server/ports/metrics.js';

/** Metrics off (METRICS_PORT unset): every record is dropped. */
export const noMetrics: Metrics = {
  httpRequest() {},
  jobStarted() {},
  jobFinished() {},
  engineRun() {},
  engineTiles() {},
};
