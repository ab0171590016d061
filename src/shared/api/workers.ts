/**
 * The remote worker protocol (`/api/worker/v1`): a machine holding only a worker token takes jobs, reads its input and
 * writes its result through short-lived signed URLs, and reports progress, over HTTPS. Both sides import these schemas.
 */
import { z } from 'zod';
import { JOB_PHASES } from '../estimates.js';

/** The path every worker call is under; the `v1` changes only with an incompatible protocol. */
export const WORKER_API_PREFIX = '/api/worker/v1';
/** Sent by a worker on every call; a server refuses other protocol versions with 426. */
export const WORKER_PROTOCOL_HEADER = 'Renderlift-Worker-Protocol';
export const WORKER_PROTOCOL_VERSION = 1;
/**
 * The engine's result version: it changes whenever the same job would give other pixels (a model, a mode's recipe).
 * A worker on another engine version is refused, so one job never mixes two engines' results.
 */
export const ENGINE_VERSION = 1;
export const WORKER_ENGINE_HEADER = 'Renderlift-Engine-Version';
/** Tokens start with this, so a leaked one is recognisable (secret scanners, logs). */
export const WORKER_TOKEN_PREFIX = 'rlw_';
/** What a worker may declare it has, for routing. */
export const WORKER_CAPABILITIES = ['gpu'] as const;
export type WorkerCapability = (typeof WORKER_CAPABILITIES)[number];
/**
 * Jobs that run best on a GPU: the generative network (Creativity) and the large factors. While a worker with the
 * `gpu` capability is connected they wait for one first (GPU_PREFERENCE_WAIT_SECONDS), then any worker takes them.
 */
export function prefersGpu(job: { workflow: string; scale?: number | null; mode?: string | null }): boolean {
  return job.workflow === 'enhance' && (job.mode === 'creativity' || (job.scale ?? 0) >= 4);
}
/** A worker that called within this long counts as connected (for routing, and in the admin panel). */
export const WORKER_CONNECTED_SECONDS = 60;
/** The longest a claim call waits for a job before answering 204. */
export const WORKER_CLAIM_WAIT_MAX_SECONDS = 25;
/** Signed input and result URLs expire after this long: a leaked one is soon worthless. */
export const WORKER_URL_TTL_SECONDS = 300;
/** Calls a worker token may make per minute (progress is sent at most once a second per job). */
export const WORKER_CALLS_PER_MINUTE = 600;

export const workerMessages = {
  missingToken: 'This call needs a worker token: Authorization: Bearer rlw_…',
  unknownToken: 'This worker token is not known to the server. Create one in the admin panel (Workers) or with `npm run admin -- worker-token create <name>`.',
  revokedToken: 'This worker token was revoked by an admin. Ask for a new one.',
  plainHttp: 'Worker tokens are only accepted over HTTPS (plain HTTP only from this machine itself).',
  protocol: 'This worker speaks protocol {theirs}; the server speaks {ours}. Update the worker to the server’s Renderlift release.',
  engine: 'This worker runs engine version {theirs}; the server’s jobs need engine version {ours}. Update the worker to the server’s Renderlift release.',
  rateLimited: 'Too many calls from this worker token; slow down.',
  claimGone: 'This job is no longer yours: it was handed back, expired or ended elsewhere.',
  resultMissing: 'Upload the result to its signed URL before completing the job.',
  badSignature: 'The signed URL is invalid or has expired.',
} as const;

/** What a worker says of itself with each claim and heartbeat. */
export const WorkerInfo = z.strictObject({
  /** The worker's Renderlift release. */
  version: z.string().max(40),
  /** onnxruntime's execution provider the engine runs on: 'cpu', 'cuda'. */
  provider: z.string().max(20),
});
export type WorkerInfo = z.infer<typeof WorkerInfo>;

export const ClaimRequest = WorkerInfo.extend({
  waitSeconds: z.number().int().min(0).max(WORKER_CLAIM_WAIT_MAX_SECONDS).default(20),
  /** The worker's key for this claim call: repeated (its answer was lost on the way), it returns the same claim. */
  claimKey: z.uuid().optional(),
});
export type ClaimRequest = z.input<typeof ClaimRequest>;

const SignedUrl = z.strictObject({ url: z.string(), expiresAt: z.string() });

export const EngineRequestDto = z.discriminatedUnion('workflow', [
  z.strictObject({ workflow: z.literal('remove'), seed: z.number().int().optional() }),
  z.strictObject({
    workflow: z.literal('enhance'),
    scale: z.number().int(),
    mode: z.string(),
    params: z.strictObject({ creativity: z.number().optional(), detail: z.number().optional(), precision: z.number().optional() }),
    outputSize: z.strictObject({ width: z.number().int(), height: z.number().int(), dpi: z.number().optional() }).optional(),
  }),
]);

/** A claimed job: what to run, where its input is, where its result goes, and how often to report. */
export const ClaimResponse = z.strictObject({
  claimId: z.uuid(),
  jobId: z.uuid(),
  request: EngineRequestDto,
  input: SignedUrl,
  mask: SignedUrl.optional(),
  /** PUT the result's bytes here (Content-Type image/png, …), then call complete. */
  result: SignedUrl,
  /** Report (progress or heartbeat) at least this often, or the job goes back to the queue. */
  heartbeatSeconds: z.number(),
});
export type ClaimResponse = z.infer<typeof ClaimResponse>;

export const ProgressRequest = z.strictObject({
  fraction: z.number().min(0).max(1),
  etaMs: z.number().nonnegative().nullable(),
  tilesDone: z.number().int().nonnegative().optional(),
  tilesTotal: z.number().int().nonnegative().optional(),
  /** The engine's phase: loading its model, working through tiles, saving; absent for steps without one. */
  phase: z.enum(JOB_PHASES).optional(),
});
/** `proceed: false` tells the worker to stop the run (the job was cancelled or ended elsewhere). */
export const ProgressResponse = z.strictObject({ proceed: z.boolean() });

export const CompleteRequest = z.strictObject({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  format: z.enum(['png', 'jpeg', 'webp']),
  model: z.string().max(100).optional(),
  method: z.string().max(100).optional(),
  /** Megapixels of the input and seconds the engine ran, for the worker's throughput. */
  inputMegapixels: z.number().nonnegative(),
  engineSeconds: z.number().nonnegative(),
});
export type CompleteRequest = z.infer<typeof CompleteRequest>;
export const CompleteResponse = z.strictObject({ status: z.enum(['completed', 'ended_elsewhere']) });

export const FailRequest = z.strictObject({
  /** 'engine': the engine refused or failed this input (the job fails, credits released); 'handback': the worker is stopping (runs again elsewhere). */
  kind: z.enum(['engine', 'handback']),
  code: z.string().max(60).optional(),
  message: z.string().max(2000),
});
export const FailResponse = z.strictObject({ status: z.enum(['failed', 'handed_back', 'ended_elsewhere']) });

export const HeartbeatRequest = WorkerInfo.extend({ claims: z.array(z.uuid()).max(64) });
/** The claims of the heartbeat that are no longer this worker's: it stops them. */
export const HeartbeatResponse = z.strictObject({ lost: z.array(z.uuid()) });

/** A job a worker runs now, as the admin panel shows it. */
export const RunningJobDto = z.strictObject({
  jobId: z.uuid(),
  workflow: z.string(),
  mode: z.string().nullable(),
  scale: z.number().nullable(),
  progress: z.number(),
});
export type RunningJobDto = z.infer<typeof RunningJobDto>;

/** The admin panel's view of a worker token. */
export const WorkerTokenDto = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  capabilities: z.array(z.string()),
  maxConcurrency: z.number().int(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  version: z.string().nullable(),
  provider: z.string().nullable(),
  jobsDone: z.number().int(),
  /** Input megapixels per engine second over every job it ran; null before its first. */
  megapixelsPerSecond: z.number().nullable(),
  /** Jobs it holds now. */
  running: z.array(RunningJobDto),
});
export type WorkerTokenDto = z.infer<typeof WorkerTokenDto>;

export const CreateWorkerTokenRequest = z.strictObject({
  name: z.string().trim().min(1, 'Name the worker').max(80),
  capabilities: z.array(z.enum(WORKER_CAPABILITIES)).max(WORKER_CAPABILITIES.length).default([]),
  maxConcurrency: z.number().int().min(1).max(64).default(1),
});
export type CreateWorkerTokenRequest = z.input<typeof CreateWorkerTokenRequest>;
/** The token itself is in this answer only: it is stored hashed. */
export const CreateWorkerTokenResponse = z.strictObject({ token: z.string(), worker: WorkerTokenDto });
/** A server process that runs jobs itself (PROCESS_ROLE all or worker). */
export const WorkerProcessDto = z.strictObject({
  id: z.uuid(),
  host: z.string(),
  pid: z.number().int(),
  role: z.string(),
  concurrency: z.number().int(),
  provider: z.string(),
  version: z.string(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  jobsDone: z.number().int(),
  megapixelsPerSecond: z.number().nullable(),
  running: z.array(RunningJobDto),
});
export type WorkerProcessDto = z.infer<typeof WorkerProcessDto>;
/** A server process reports itself this often; one silent for three times as long is left out (it died). */
export const WORKER_PROCESS_REPORT_SECONDS = 15;

/** Every worker: the server processes that run jobs themselves, and the remote workers' tokens. */
export const WorkerTokensResponse = z.strictObject({ processes: z.array(WorkerProcessDto), workers: z.array(WorkerTokenDto) });
export type WorkerTokensResponse = z.infer<typeof WorkerTokensResponse>;
export type CreateWorkerTokenResponse = z.infer<typeof CreateWorkerTokenResponse>;
