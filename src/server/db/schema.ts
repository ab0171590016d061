/**
 * The one database schema for both run modes (PGlite and PostgreSQL 15+).
 * Table and column names keep the seeds' snake_case; TypeScript sees camelCase.
 * Auth tables follow better-auth's model (user, session, account, verification, twoFactor, rateLimit).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  bigint,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- enums (seed 000 §3, §4)

export const subscriptionStatus = pgEnum('subscription_status', ['free', 'basic', 'pro', 'professional', 'business', 'enterprise']);
export const jobStatus = pgEnum('job_status', ['pending', 'processing', 'completed', 'failed', 'cancelled']);
export const workflowType = pgEnum('workflow_type', ['enhance', 'remove']);
export const creditState = pgEnum('credit_state', ['reserved', 'charged', 'released']);
export const planTier = pgEnum('plan_tier', ['basic', 'pro', 'business', 'enterprise']);
export const planSource = pgEnum('plan_source', ['stripe', 'complimentary', 'beta']);
export const planStatus = pgEnum('plan_status', ['active', 'past_due', 'cancelled', 'expired']);
export const outboxStatus = pgEnum('outbox_status', ['recorded', 'sent', 'failed']);
export const inquiryType = pgEnum('inquiry_type', ['general', 'support', 'billing']);
export const userRole = pgEnum('user_role', ['user', 'admin']);

// ---------------------------------------------------------------- auth (better-auth model names)

export const user = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: userRole('role').notNull().default('user'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const account = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

export const twoFactor = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factors_user_idx').on(t.userId)],
);

export const rateLimit = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// ---------------------------------------------------------------- product entities

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email').notNull(),
    creditsRemaining: integer('credits_remaining').notNull().default(4),
    betaAccess: boolean('beta_access').notNull().default(false),
    subscriptionStatus: subscriptionStatus('subscription_status').notNull().default('free'),
    isBusiness: boolean('is_business').notNull().default(false),
    companyName: text('company_name'),
    vatId: text('vat_id'),
    /** Sign-up metadata with the seed's snake_case keys (phone, job_title, location, heard_about, ...). */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** When the monthly credit allowance is next restored. */
    creditsResetAt: timestamp('credits_reset_at', { withTimezone: true }),
    /** Which e-mails the user wants (src/shared/notifications.ts); absent keys take their defaults. */
    notificationPreferences: jsonb('notification_preferences').$type<Record<string, boolean>>().notNull().default({}),
    /** The low-credit e-mail went out for the current dip; cleared when the balance rises above the threshold again. */
    lowCreditsNotified: boolean('low_credits_notified').notNull().default(false),
    /** The profile picture, 256 × 256 WebP in the user-images bucket under the user's folder; null shows initials. */
    avatarPath: text('avatar_path'),
    /** When the last processing-complete e-mail went out: the next one counts the jobs finished since. */
    processingMailAt: timestamp('processing_mail_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('profiles_credits_non_negative', sql`${t.creditsRemaining} >= 0`)],
);

export const businessCustomers = pgTable('business_customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  profileId: uuid('profile_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  companyName: text('company_name'),
  vatId: text('vat_id'),
  countryCode: varchar('country_code', { length: 2 }),
  businessType: text('business_type'),
  industry: text('industry'),
  // seed 001 §3: always saved as an empty object
  billingAddress: jsonb('billing_address').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Every stored file: uploads, enhancement results, removal results, masks. */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    bucket: text('bucket').notNull(),
    path: text('path').notNull(),
    originalName: text('original_name'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    format: text('format').notNull(),
    /** The image this one was derived from (an enhancement or removal result). */
    sourceImageId: uuid('source_image_id'),
    /** Moved to the trash at this time (an upload and its versions); purged with its files after TRASH_RETENTION_DAYS. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('images_bucket_path_uq').on(t.bucket, t.path),
    index('images_user_created_idx').on(t.userId, t.createdAt),
    // the walk from an upload to its results (the library, the trash)
    index('images_source_idx')
      .on(t.sourceImageId)
      .where(sql`${t.sourceImageId} is not null`),
    index('images_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    check('images_bucket_known', sql`${t.bucket} in ('enhanced-images', 'user-images', 'processed-images')`),
    check('images_dimensions_positive', sql`${t.width} > 0 and ${t.height} > 0 and ${t.bytes} >= 0`),
  ],
);

/**
 * A public link to one stored image (a result or an upload), made by its owner on purpose: every other way to a file
 * is a short-lived signed URL. The id is the link's secret (128 random bits); a revoked or expired link answers 404.
 */
export const imageShares = pgTable(
  'image_shares',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** null: until revoked. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('image_shares_image_idx').on(t.imageId, t.createdAt)],
);

export const imageJobs = pgTable(
  'image_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: jobStatus('status').notNull().default('processing'),
    /** The queue's job id (the seed's runpod_job_id): absent until the job is queued. */
    queueJobId: text('queue_job_id'),
    originalImageUrl: text('original_image_url'),
    processedImageUrl: text('processed_image_url'),
    /** The image the result belongs to (the seed's target_image_id). */
    targetImageId: uuid('target_image_id').references(() => images.id, { onDelete: 'set null' }),
    resultImageId: uuid('result_image_id').references(() => images.id, { onDelete: 'set null' }),
    maskImageId: uuid('mask_image_id').references(() => images.id, { onDelete: 'set null' }),
    /**
     * The version the job started from: the completed job whose result is its input (the target image); null when the
     * input is the upload itself.
     */
    sourceJobId: uuid('source_job_id').references((): AnyPgColumn => imageJobs.id, { onDelete: 'set null' }),
    creditsUsed: integer('credits_used').notNull().default(0),
    creditState: creditState('credit_state').notNull().default('reserved'),
    workflowType: workflowType('workflow_type').notNull().default('enhance'),
    scale: integer('scale'),
    mode: text('mode'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    progress: real('progress').notNull().default(0),
    etaMs: integer('eta_ms'),
    errorMessage: text('error_message'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('image_jobs_user_created_idx').on(t.userId, t.createdAt.desc()),
    // an image's jobs: its versions, its status in the library, the same-settings warning
    index('image_jobs_target_idx').on(t.targetImageId),
    index('image_jobs_active_idx')
      .on(t.userId, t.status)
      .where(sql`${t.status} in ('pending', 'processing')`),
    // seed 000 §4: completed requires a processed image URL
    check('image_jobs_completed_has_url', sql`${t.status} <> 'completed' or ${t.processedImageUrl} is not null`),
    check('image_jobs_scale_known', sql`${t.scale} is null or ${t.scale} in (2, 3, 4, 6)`),
    check('image_jobs_mode_known', sql`${t.mode} is null or ${t.mode} in ('precision', 'detail', 'creativity')`),
    check('image_jobs_credits_non_negative', sql`${t.creditsUsed} >= 0`),
    check('image_jobs_progress_range', sql`${t.progress} >= 0 and ${t.progress} <= 1`),
  ],
);

export const viewportSessions = pgTable(
  'viewport_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sessionName: varchar('session_name', { length: 100 }).notNull(),
    viewportData: jsonb('viewport_data').$type<Record<string, unknown>>().notNull(),
    isActive: boolean('is_active').notNull().default(false),
    /** Raised by every save: a save based on an older version is refused, so no device overwrites another's newer save. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('viewport_sessions_user_updated_idx').on(t.userId, t.updatedAt.desc()),
    // seed 000 §4: exactly one active session per user
    uniqueIndex('viewport_sessions_one_active_uq')
      .on(t.userId)
      .where(sql`${t.isActive}`),
    check('viewport_sessions_name_not_blank', sql`length(trim(${t.sessionName})) > 0`),
  ],
);

export const appSettings = pgTable('app_settings', {
  settingKey: text('setting_key').primaryKey(),
  settingValue: jsonb('setting_value').notNull(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    jobId: uuid('job_id').references(() => imageJobs.id, { onDelete: 'set null' }),
    invoiceId: text('invoice_id'),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_user_created_idx').on(t.userId, t.createdAt),
    check(
      'credit_ledger_reason_known',
      sql`${t.reason} in ('signup', 'reserve', 'release', 'charge', 'monthly_reset', 'plan_change', 'complimentary', 'beta', 'expiry', 'purchase', 'adjustment')`,
    ),
    check('credit_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** Subscriptions and plan grants: a paid Stripe subscription, a complimentary plan or beta access. */
export const planGrants = pgTable(
  'plan_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tier: planTier('tier'),
    source: planSource('source').notNull(),
    status: planStatus('status').notNull().default('active'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    grantedBy: text('granted_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('plan_grants_user_idx').on(t.userId, t.status), check('plan_grants_tier_unless_beta', sql`${t.source} = 'beta' or ${t.tier} is not null`)],
);

/**
 * Checkouts a user started, so /payment-success shows what really happened rather than its query string,
 * and the built-in test checkout knows which plan and amount it is paying.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    plan: planTier('plan').notNull(),
    status: text('status').notNull().default('open'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('checkout_sessions_user_idx').on(t.userId, t.createdAt),
    check('checkout_sessions_status_known', sql`${t.status} in ('open', 'completed', 'failed', 'expired')`),
  ],
);

/** Payment provider events already applied: a replayed event changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every e-mail, sent or not. Rows of deleted users are kept only anonymised. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: outboxStatus('status').notNull().default('recorded'),
    error: text('error'),
    /** A message that must go out once (one recipient of a notification batch): a second send with the key is not delivered again. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_created_idx').on(t.createdAt.desc()),
    index('email_outbox_to_idx').on(t.toAddress),
    uniqueIndex('email_outbox_idempotency_key_idx').on(t.idempotencyKey),
  ],
);

export const securityEvents = pgTable(
  'security_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email'),
    action: text('action').notNull(),
    resource: text('resource'),
    status: text('status').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    pageUrl: text('page_url'),
    /** 'client': reported by a browser through POST /api/security-events, whose every field the sender chose. */
    source: text('source').$type<'server' | 'client'>().notNull().default('server'),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_events_user_created_idx').on(t.userId, t.createdAt),
    check('security_events_status_known', sql`${t.status} in ('success', 'failure', 'info')`),
    check('security_events_source_known', sql`${t.source} in ('server', 'client')`),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  inquiryType: inquiryType('inquiry_type').notNull().default('general'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Every admin action (who, what, target, when, result), listed on the admin panel. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target'),
    result: text('result').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt.desc()), check('admin_audit_log_result_known', sql`${t.result} in ('success', 'failure')`)],
);

/** A batch of notification e-mails (maintenance notice, application available) and its progress. */
export const notificationCampaigns = pgTable(
  'notification_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('queued'),
    /** What the admin chose: test, custom (n addresses) or active in the last N days. */
    audience: text('audience').notNull(),
    /** The template's own fields (message, estimate, severity, call to action). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    total: integer('total').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Active users left out because they turned e-mail notifications off (announcements only). */
    optedOut: integer('opted_out').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('notification_campaigns_created_idx').on(t.createdAt.desc()),
    check('notification_campaigns_kind_known', sql`${t.kind} in ('maintenance', 'application-available')`),
    check('notification_campaigns_status_known', sql`${t.status} in ('queued', 'sending', 'completed', 'failed')`),
  ],
);

/** One row per recipient of a batch, written when the batch is created: the batch can be resumed after a crash. */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => notificationCampaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    // a deleted account takes its recipient rows (and with them its address) along
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    firstName: text('first_name'),
    status: text('status').notNull().default('pending'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_recipients_campaign_email_idx').on(t.campaignId, t.email),
    index('notification_recipients_pending_idx').on(t.campaignId, t.status),
    check('notification_recipients_status_known', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

// ---------------------------------------------------------------- remote workers

/**
 * A machine allowed to run jobs over HTTPS with a bearer token (a GPU box behind a studio's router): it holds no
 * database or storage credentials. Only the token's SHA-256 is kept; its first characters are shown to tell tokens apart.
 */
export const workerTokens = pgTable(
  'worker_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    capabilities: jsonb('capabilities').$type<string[]>().notNull().default([]),
    maxConcurrency: integer('max_concurrency').notNull().default(1),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** What the worker said of itself on its last call: its release, engine version and execution provider. */
    lastVersion: text('last_version'),
    lastProvider: text('last_provider'),
    jobsDone: integer('jobs_done').notNull().default(0),
    megapixelsDone: real('megapixels_done').notNull().default(0),
    busySeconds: real('busy_seconds').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('worker_tokens_hash_idx').on(t.tokenHash),
    check('worker_tokens_concurrency_range', sql`${t.maxConcurrency} >= 1 and ${t.maxConcurrency} <= 64`),
  ],
);

/**
 * A server process that runs jobs with its own engine (PROCESS_ROLE all or worker), as it reports itself every few
 * seconds: the admin panel lists it beside the remote workers. Removed when the process stops; a row not refreshed
 * for minutes belongs to a process that died.
 */
export const workerProcesses = pgTable('worker_processes', {
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  role: text('role').notNull(),
  concurrency: integer('concurrency').notNull(),
  provider: text('provider').notNull(),
  version: text('version').notNull(),
  /** The jobs it runs now. */
  running: jsonb('running').$type<string[]>().notNull().default([]),
  jobsDone: integer('jobs_done').notNull().default(0),
  megapixelsDone: real('megapixels_done').notNull().default(0),
  busySeconds: real('busy_seconds').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One attempt of a job taken by a remote worker: the queue job and attempt it fences, and how it ended. Calls for a
 * claim that is no longer the job's running attempt (expired, handed back, revoked) are refused.
 */
export const workerClaims = pgTable(
  'worker_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => workerTokens.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => imageJobs.id, { onDelete: 'cascade' }),
    queueName: text('queue_name').notNull(),
    queueJobId: text('queue_job_id').notNull(),
    attempt: integer('attempt').notNull(),
    /** The worker's key for the claim call: the same call retried over a flaky link gets this claim again. */
    claimKey: text('claim_key'),
    /** Set when the worker has stored its result: the staged object's key. */
    resultKey: text('result_key'),
    outcome: text('outcome'),
    claimedAt: createdAt(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('worker_claims_token_open_idx')
      .on(t.tokenId)
      .where(sql`${t.endedAt} is null`),
    index('worker_claims_job_idx').on(t.jobId),
    uniqueIndex('worker_claims_key_idx').on(t.tokenId, t.claimKey),
    check('worker_claims_outcome_known', sql`${t.outcome} is null or ${t.outcome} in ('completed', 'failed', 'handed_back', 'lost')`),
  ],
);

/**
 * A user's key for the public API (/api/v1): it acts as its owner, with the owner's plan, credits and limits, within
 * its scopes. Only the key's SHA-256 is kept; its first characters (`rl_live_…`) are shown to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who revoked it when it was not its owner (an admin). */
    revokedBy: text('revoked_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_user_idx').on(t.userId)],
);

/**
 * One `Idempotency-Key` of a request that spends credits: the request's hash and, once it has finished, its answer.
 * Scoped by user, so that two keys of one account never pay twice for one request.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_idempotency_key_idx').on(t.userId, t.idempotencyKey), index('api_idempotency_created_idx').on(t.createdAt)],
);

/**
 * Where a user's job events are posted (Standard Webhooks). An endpoint made with an API key belongs to that key (it
 * is listed and managed through it, and stops with it); one made on the profile belongs to the account. The signing
 * secret is kept encrypted (services/security/secret-box.ts), since the server signs with it; during a rotation the
 * previous one signs too until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    secretCiphertext: text('secret_ciphertext').notNull(),
    previousSecretCiphertext: text('previous_secret_ciphertext'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId), index('webhook_endpoints_api_key_idx').on(t.apiKeyId)],
);

/** One event for one endpoint: its payload as first built (a redelivery copies it), and where its attempts stand. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** `webhook-id`: the same for every attempt and redelivery of one event, so a receiver can drop duplicates. */
    messageId: text('message_id').notNull(),
    event: text('event').notNull(),
    jobId: uuid('job_id'),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    redeliveryOf: uuid('redelivery_of'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_endpoint_job_idx').on(t.endpointId, t.jobId, t.event, t.createdAt),
    check('webhook_deliveries_status_known', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** Each attempt of a delivery: the answer's status code (null when none came) or the error. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    responseStatus: integer('response_status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
