/**
 * What the server counts for an operator's monitoring (Prometheus, METRICS_PORT). Services and routes record through
 * this interface; the composition root hands them the prom-client adapter, or one that records nothing when metrics
 * are off (src/server/adapters/metrics).
 */
export interface Metrics {
  /** A request answered: its route as registered (`/api/jobs/:id`, never the raw path), method, status, duration. */
  httpRequest(r: { method: string; route: string; status: number; seconds: number }): void;
  /** A worker took an image job: how long it waited in the queue since it was created. */
  jobStarted(r: { workflow: string; mode: string; waitSeconds: number }): void;
  /** A worker is done with an image job, whatever became of it, after `busySeconds` on it. */
  jobFinished(r: { workflow: string; mode: string; outcome: JobOutcome; busySeconds: number }): void;
  /** The engine ran a network (or chain of networks, as the result names it) over an image. */
  engineRun(r: { network: string; inputMegapixels: number; seconds: number }): void;
  /** The engine finished `tiles` tiles in `seconds` (each tile's time is the span's share). */
  engineTiles(r: { tiles: number; seconds: number }): void;
}

export type JobOutcome = 'completed' | 'failed' | 'handed_back' | 'ended_elsewhere';

/** Values that are read when metrics are scraped rather than counted as they happen. */
export interface MetricsSnapshot {
  /** Image jobs waiting for a worker or running on one, across every process on this database (removals as mode `remove`). */
  liveJobs: { state: 'waiting' | 'running'; mode: string; count: number }[];
  /** Jobs waiting for a worker, and how long the oldest of them has waited. */
  queue: { waiting: number; oldestWaitSeconds: number };
  /** E-mails by outbox status: `recorded` is the backlog while SMTP delivers. */
  outbox: { status: string; count: number }[];
  /** Live-event streams this process holds open. */
  sseClients: number;
  /** The engine process's resident memory, where this process runs one. */
  engineRssBytes: number | null;
}
