import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from '@server/logger.js';
import type { Metrics, MetricsSnapshot } from '@server/ports/metrics.js';

export interface PrometheusMetrics extends Metrics {
  /**
   * Serves the Prometheus text format at `/metrics` on a port of its own (0: a free one), reading `snapshot` at each
   * scrape; resolves with the address it listens on.
   */
  listen(opts: { port: number; host: string; snapshot: () => Promise<MetricsSnapshot> }): Promise<{ url: string }>;
  /** The text a scrape gets (the snapshot read as at a scrape). */
  text(): Promise<string>;
  close(): Promise<void>;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// a job waits from milliseconds (an idle worker) to many minutes (a busy queue)
const WAIT = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];
// tiles take a tenth of a second (slim networks) to tens of seconds (Creativity's wide windows on a slow CPU)
const TILE = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64];

/** prom-client on a registry of this server's own (never the library's global one), with Node's process metrics. */
export function createPrometheusMetrics(opts: { logger: Logger; role: string }): PrometheusMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ role: opts.role });
  collectDefaultMetrics({ register: registry, prefix: 'renderlift_' });
  let snapshot: (() => Promise<MetricsSnapshot>) | undefined;
  let read: Promise<MetricsSnapshot | null> | undefined;
  // one read of the database per scrape, shared by every gauge that collects from it
  const current = () => (read ??= (snapshot ? snapshot() : Promise.resolve(null)).catch((err) => (opts.logger.warn({ err }, 'metrics snapshot failed'), null)));

  const http_ = new Histogram({
    name: 'renderlift_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route as registered, method and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: SECONDS,
    registers: [registry],
  });
  const jobWait = new Histogram({
    name: 'renderlift_job_wait_seconds',
    help: 'Time an image job waited from its creation until a worker took it.',
    labelNames: ['workflow', 'mode'],
    buckets: WAIT,
    registers: [registry],
  });
  const jobsFinished = new Counter({
    name: 'renderlift_jobs_finished_total',
    help: 'Image jobs this worker is done with, by outcome (completed, failed, handed_back, ended_elsewhere).',
    labelNames: ['workflow', 'mode', 'outcome'],
    registers: [registry],
  });
  const busy = new Counter({
    name: 'renderlift_worker_busy_seconds_total',
    help: 'Seconds this process spent running image jobs (per job slot; divide by elapsed time for utilisation).',
    registers: [registry],
  });
  const running = new Gauge({ name: 'renderlift_worker_jobs_running', help: 'Image jobs this process is running now.', registers: [registry] });
  const engineMp = new Counter({
    name: 'renderlift_engine_input_megapixels_total',
    help: 'Input megapixels the engine ran, by network as the result names it.',
    labelNames: ['network'],
    registers: [registry],
  });
  const engineSeconds = new Counter({
    name: 'renderlift_engine_seconds_total',
    help: 'Seconds the engine ran, by network; rate(input megapixels) / rate(seconds) is megapixels per second.',
    labelNames: ['network'],
    registers: [registry],
  });
  const engineRate = new Gauge({
    name: 'renderlift_engine_megapixels_per_second',
    help: 'Input megapixels per second of the last run of each network.',
    labelNames: ['network'],
    registers: [registry],
  });
  const tile = new Histogram({ name: 'renderlift_engine_tile_seconds', help: 'Time per tile of the engine.', buckets: TILE, registers: [registry] });

  new Gauge({
    name: 'renderlift_jobs',
    help: 'Image jobs waiting or running on this database, by state and mode (the same on every process).',
    labelNames: ['state', 'mode'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const j of (await current())?.liveJobs ?? []) this.set({ state: j.state, mode: j.mode }, j.count);
    },
  });
  new Gauge({
    name: 'renderlift_queue_depth',
    help: 'Image jobs waiting for a worker.',
    registers: [registry],
    async collect() {
      this.set((await current())?.queue.waiting ?? 0);
    },
  });
  new Gauge({
    name: 'renderlift_queue_oldest_wait_seconds',
    help: 'How long the oldest waiting image job has waited (0 when none waits).',
    registers: [registry],
    async collect() {
      this.set((await current())?.queue.oldestWaitSeconds ?? 0);
    },
  });
  new Gauge({
    name: 'renderlift_email_outbox_messages',
    help: 'E-mails in the outbox by status; recorded is the backlog SMTP has yet to deliver.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const o of (await current())?.outbox ?? []) this.set({ status: o.status }, o.count);
    },
  });
  new Gauge({
    name: 'renderlift_sse_clients',
    help: 'Live-event streams this process holds open.',
    registers: [registry],
    async collect() {
      this.set((await current())?.sseClients ?? 0);
    },
  });
  new Gauge({
    name: 'renderlift_engine_resident_memory_bytes',
    help: 'Resident memory of the engine process this process runs (absent where none runs).',
    registers: [registry],
    async collect() {
      this.reset();
      const rss = (await current())?.engineRssBytes;
      if (rss != null) this.set(rss);
    },
  });

  const text = async () => {
    read = undefined;
    try {
      return await registry.metrics();
    } finally {
      read = undefined;
    }
  };
  let server: http.Server | undefined;

  return {
    httpRequest: (r) => http_.observe({ method: r.method, route: r.route, status: String(r.status) }, r.seconds),
    jobStarted(r) {
      jobWait.observe({ workflow: r.workflow, mode: r.mode }, Math.max(0, r.waitSeconds));
      running.inc();
    },
    jobFinished(r) {
      jobsFinished.inc({ workflow: r.workflow, mode: r.mode, outcome: r.outcome });
      busy.inc(Math.max(0, r.busySeconds));
      running.dec();
    },
    engineRun(r) {
      if (!(r.seconds > 0)) return;
      engineMp.inc({ network: r.network }, r.inputMegapixels);
      engineSeconds.inc({ network: r.network }, r.seconds);
      engineRate.set({ network: r.network }, r.inputMegapixels / r.seconds);
    },
    engineTiles(r) {
      for (let i = 0; i < r.tiles; i++) tile.observe(r.seconds / r.tiles);
    },
    text,
    async listen(l) {
      snapshot = l.snapshot;
      server = http.createServer((req, res) => {
        const path = (req.url ?? '/').split('?')[0];
        if (req.method !== 'GET' || path !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Metrics are at /metrics\n');
          return;
        }
        text().then(
          (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
          (err) => {
            opts.logger.warn({ err }, 'metrics scrape failed');
            res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(l.port, l.host, () => {
          server!.off('error', reject);
          resolve();
        });
      });
      const { port } = server.address() as AddressInfo;
      const host = l.host.includes(':') ? `[${l.host}]` : l.host;
      return { url: `http://${host}:${port}/metrics` };
    },
    async close() {
      if (!server) return;
      const s = server;
      server = undefined;
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
