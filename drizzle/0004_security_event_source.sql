ALTER TABLE "security_events" ADD COLUMN "source" text DEFAULT 'server' NOT NULL;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_source_known" CHECK ("security_events"."source" in ('server', 'client'));--> statement-breakpoint
-- reports stored before this column said so in their details
UPDATE "security_events" SET "source" = 'client' WHERE "details"->>'reported_by' = 'client';