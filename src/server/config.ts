import { z } from 'zod';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_SSE_MAX_STREAMS_PER_ADDRESS,
  DEFAULT_SSE_MAX_STREAMS_PER_USER,
  DEFAULT_UPLOAD_MAX_FILE_BYTES,
  DEFAULT_UPLOAD_MAX_FILES,
  DEFAULT_UPLOAD_MAX_PIXELS,
  DEFAULT_UPLOAD_MAX_REQUEST_BYTES,
  DEFAULT_USER_STORAGE_QUOTA_BYTES,
} from '@shared/limits.js';
import { DEFAULT_ENTERPRISE_CONCURRENCY } from '@shared/plans.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .min(1)
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => p + '//').join(' or ')}`,
    )
    .optional();

/** "max/windowSeconds", e.g. "5/60": at most 5 requests per 60 seconds. */
const rateLimitRule = z
  .string()
  .regex(/^\d+\/\d+$/, 'must look like "max/windowSeconds", e.g. "5/60"')
  .transform((v) => {
    const [max, window] = v.split('/').map(Number);
    return { max, window };
  })
  .refine((r) => r.max >= 1 && r.window >= 1, 'max and window must be at least 1');

/**
 * Which proxies stand between the client and the server: none (false), a number of hops (true is one: the socket's
 * peer is the proxy), or the addresses and CIDR ranges of the trusted proxies. src/server/auth/client-ip.ts applies it.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): TrustProxy => {
    const word = v.toLowerCase();
    if (['false', 'no', '0'].includes(word)) return false;
    if (['true', 'yes'].includes(word)) return { hops: 1 };
    if (/^\d+$/.test(word)) return { hops: Number(word) };
    const proxies = word
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    for (const entry of proxies) {
      const [address, prefix, ...rest] = entry.split('/');
      const family = net.isIP(address);
      const bits = family === 4 ? 32 : 128;
      if (!family || rest.length || (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= bits))) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not an address or CIDR range: use true (one proxy), a number of proxies, or the proxies' addresses, e.g. 10.0.0.0/8,127.0.0.1`,
        });
        return z.NEVER;
      }
    }
    return { proxies };
  });

/** ALLOWED_HOSTS: host names (or a leading dot for a domain and its subdomains), without scheme or port. */
const hostList = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const hosts: string[] = [];
    for (const entry of v
      .split(',')
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean)) {
      const name = entry.startsWith('.') ? entry.slice(1) : entry;
      let parsed: URL | undefined;
      try {
        parsed = new URL(`http://${name}`);
      } catch {
        /* reported below */
      }
      if (!parsed || parsed.port || parsed.pathname !== '/' || parsed.search || parsed.hash || parsed.username || !name) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not a host name such as studio.lan or .example.lan (no scheme, no port)` });
        return z.NEVER;
      }
      hosts.push(entry.startsWith('.') ? `.${parsed.hostname}` : parsed.hostname);
    }
    return hosts;
  });

/** Every environment variable the server reads, with its default. README's configuration table mirrors this. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  BASE_URL: optionalUrl(['http:', 'https:']),
  // further origins (comma-separated) allowed to send requests when BASE_URL is set
  TRUSTED_ORIGINS: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const part of v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        try {
          const u = new URL(part);
          if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
          origins.push(u.origin);
        } catch {
          ctx.addIssue({ code: 'custom', message: `"${part}" is not an http(s) origin such as https://app.example.com` });
          return z.NEVER;
        }
      }
      return origins;
    })
    .default([]),
  // without BASE_URL, further host names (comma-separated) the server answers to besides this machine's own
  ALLOWED_HOSTS: hostList.default([]),
  SITE_NAME: z.string().min(1).default('Renderlift'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PROCESS_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  // Prometheus metrics on a port of their own, off when unset (0: a free port, logged); loopback unless told
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: trustProxy.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(15_000),
  SSE_HEARTBEAT_MS: z.coerce.number().int().min(1000).default(25_000),
  // live-event streams open at once per signed-in user and per client address (src/shared/limits.ts explains the defaults)
  SSE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).default(DEFAULT_SSE_MAX_STREAMS_PER_USER),
  SSE_MAX_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(DEFAULT_SSE_MAX_STREAMS_PER_ADDRESS),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().min(3).default('Renderlift <no-reply@renderlift.local>'),
  WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  MODELS_DIR: z.string().min(1).optional(),
  MODEL_CACHE_DIR: z.string().min(1).optional(),
  // webhooks may post to private, loopback and link-local addresses (an operator's own network); off, they are refused
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: bool.default(false),
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  /** How long a job that runs best on a GPU (Creativity, ×4 and up) waits for a GPU worker before any worker takes it. */
  GPU_PREFERENCE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  JOB_SUPERVISE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  ENGINE_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(os.cpus().length || 1),
  ENGINE_PROVIDER: z.enum(['cpu', 'cuda']).default('cpu'),
  // storage: absent means local disk under DATA_DIR/storage; s3://bucket[/prefix] any S3-compatible store
  STORAGE_URL: optionalUrl(['s3:', 'file:']),
  // the operator's word that the local storage folder is one folder every API and worker process mounts (NFS, …)
  STORAGE_SHARED: bool.default(false),
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // MinIO and most self-hosted stores need path-style addressing
  S3_FORCE_PATH_STYLE: bool.default(false),
  // uploads (src/shared/limits.ts explains the defaults)
  UPLOAD_MAX_FILE_BYTES: z.coerce.number().int().min(1).default(DEFAULT_UPLOAD_MAX_FILE_BYTES),
  UPLOAD_MAX_FILES: z.coerce.number().int().min(1).max(1000).default(DEFAULT_UPLOAD_MAX_FILES),
  UPLOAD_MAX_REQUEST_BYTES: z.coerce.number().int().min(1).default(DEFAULT_UPLOAD_MAX_REQUEST_BYTES),
  UPLOAD_MAX_PIXELS: z.coerce.number().int().min(1).default(DEFAULT_UPLOAD_MAX_PIXELS),
  USER_STORAGE_QUOTA_BYTES: z.coerce.number().int().min(0).default(DEFAULT_USER_STORAGE_QUOTA_BYTES),
  // seed 001 §9: Enterprise concurrency is "flexible"; the number is the operator's
  ENTERPRISE_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(DEFAULT_ENTERPRISE_CONCURRENCY),
  // accounts: "max/windowSeconds" per client IP; tests lower them to prove each limit with real requests
  RATE_LIMIT_SIGN_IN: rateLimitRule.default({ max: 5, window: 60 }),
  // per account (normalised e-mail, known or not), from any address: this many wrong passwords lock its sign-in for the window
  RATE_LIMIT_SIGN_IN_ACCOUNT: rateLimitRule.default({ max: 10, window: 900 }),
  RATE_LIMIT_SIGN_UP: rateLimitRule.default({ max: 5, window: 600 }),
  RATE_LIMIT_PASSWORD_RESET: rateLimitRule.default({ max: 5, window: 600 }),
  RATE_LIMIT_RESEND: rateLimitRule.default({ max: 10, window: 3600 }),
  RATE_LIMIT_TWO_FACTOR: rateLimitRule.default({ max: 5, window: 60 }),
  RATE_LIMIT_CONTACT: rateLimitRule.default({ max: 5, window: 3600 }),
  // requests per API key (/api/v1): a pipeline polling a few jobs a second stays well under it
  RATE_LIMIT_API_KEY: rateLimitRule.default({ max: 300, window: 60 }),
  // the contact form's mailboxes (seed 000 §2): general and press, support and billing; unset, hello@ and support@ at
  // MAIL_FROM's domain (loadConfig), so a self-hosted install never names a domain it does not own
  CONTACT_GENERAL_EMAIL: z.string().trim().email('must be an e-mail address').optional(),
  CONTACT_SUPPORT_EMAIL: z.string().trim().email('must be an e-mail address').optional(),
  // seed 001 §9: resend cooldown 60 s per address
  RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(60),
  SESSION_EXPIRES_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  SESSION_UPDATE_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 3600),
  // payments: without STRIPE_SECRET_KEY the built-in test checkout runs (local test mode)
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_... or rk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  STRIPE_PRICE_BASIC: z.string().trim().min(1).optional(),
  STRIPE_PRICE_PROFESSIONAL: z.string().trim().min(1).optional(),
  STRIPE_PRICE_BUSINESS: z.string().trim().min(1).optional(),
  // seconds a signed webhook stays acceptable; Stripe's libraries default to 300
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  // another Stripe API address (stripe-mock or a test double); absent means api.stripe.com
  STRIPE_API_URL: optionalUrl(['http:', 'https:']),
  // the test checkout hands out plans without payment, so a production server without Stripe refuses it unless told
  PAYMENTS_TEST_MODE_IN_PRODUCTION: bool.default(false),
});

export type RawConfig = z.infer<typeof ConfigSchema>;

/** hello@ and support@ at the domain of MAIL_FROM ('Name <no-reply@example.org>' or a bare address); localhost without one. */
export function contactMailboxDefault(mailFrom: string, mailbox: 'hello' | 'support'): string {
  const domain = /@([^\s@<>]+?)>?\s*$/.exec(mailFrom.trim())?.[1];
  return `${mailbox}@${domain ?? 'localhost'}`;
}

export interface Config extends Omit<RawConfig, 'CONTACT_GENERAL_EMAIL' | 'CONTACT_SUPPORT_EMAIL'> {
  CONTACT_GENERAL_EMAIL: string;
  CONTACT_SUPPORT_EMAIL: string;
  /**
   * The public address for links and the trusted origin. When BASE_URL is not set this is the default
   * (http://localhost:PORT) for work that no request caused; a request's own address takes its place for everything the
   * request does (src/server/http/public-origin.ts).
   */
  BASE_URL: string;
  /** True when BASE_URL was set: only it and TRUSTED_ORIGINS are accepted, whatever address a request came in on. */
  baseUrlFixed: boolean;
  /** Absolute paths derived from DATA_DIR. */
  paths: { data: string; db: string; storage: string; models: string; webDist: string; tmp: string };
  isProduction: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly issues: { variable: string; message: string }[]) {
    super('Invalid configuration:\n' + issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n'));
  }
}

/** Parses the environment once. Throws ConfigError naming each wrong variable and why. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(ConfigSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = ConfigSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => ({
        variable: String(i.path[0] ?? '(root)'),
        message: `${i.message}${input[String(i.path[0])] !== undefined ? ` (got "${input[String(i.path[0])]}")` : ''}`,
      })),
    );
  }
  const raw = parsed.data;
  const data = path.resolve(raw.DATA_DIR);
  return {
    ...raw,
    BASE_URL: (raw.BASE_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    baseUrlFixed: raw.BASE_URL !== undefined,
    CONTACT_GENERAL_EMAIL: raw.CONTACT_GENERAL_EMAIL ?? contactMailboxDefault(raw.MAIL_FROM, 'hello'),
    CONTACT_SUPPORT_EMAIL: raw.CONTACT_SUPPORT_EMAIL ?? contactMailboxDefault(raw.MAIL_FROM, 'support'),
    isProduction: raw.NODE_ENV === 'production',
    paths: {
      data,
      db: path.join(data, 'db'),
      storage: path.join(data, 'storage'),
      // uploads are streamed here while they arrive, and removed once the request is answered
      tmp: path.join(data, 'tmp'),
      models: raw.MODEL_CACHE_DIR ? path.resolve(raw.MODEL_CACHE_DIR) : path.join(data, 'models'),
      webDist: path.resolve(raw.WEB_DIST_DIR),
    },
  };
}
