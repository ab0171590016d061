CREATE TABLE "worker_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"queue_name" text NOT NULL,
	"queue_job_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"claim_key" text,
	"result_key" text,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "worker_claims_outcome_known" CHECK ("worker_claims"."outcome" is null or "worker_claims"."outcome" in ('completed', 'failed', 'handed_back', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "worker_processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"role" text NOT NULL,
	"concurrency" integer NOT NULL,
	"provider" text NOT NULL,
	"version" text NOT NULL,
	"running" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"jobs_done" integer DEFAULT 0 NOT NULL,
	"megapixels_done" real DEFAULT 0 NOT NULL,
	"busy_seconds" real DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"capabilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_concurrency" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"last_version" text,
	"last_provider" text,
	"jobs_done" integer DEFAULT 0 NOT NULL,
	"megapixels_done" real DEFAULT 0 NOT NULL,
	"busy_seconds" real DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_tokens_concurrency_range" CHECK ("worker_tokens"."max_concurrency" >= 1 and "worker_tokens"."max_concurrency" <= 64)
);
--> statement-breakpoint
ALTER TABLE "worker_claims" ADD CONSTRAINT "worker_claims_token_id_worker_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."worker_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_claims" ADD CONSTRAINT "worker_claims_job_id_image_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."image_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_tokens" ADD CONSTRAINT "worker_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "worker_claims_token_open_idx" ON "worker_claims" USING btree ("token_id") WHERE "worker_claims"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "worker_claims_job_idx" ON "worker_claims" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "worker_claims_key_idx" ON "worker_claims" USING btree ("token_id","claim_key");--> statement-breakpoint
CREATE UNIQUE INDEX "worker_tokens_hash_idx" ON "worker_tokens" USING btree ("token_hash");