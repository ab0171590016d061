ALTER TABLE "images" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "viewport_sessions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "images_deleted_idx" ON "images" USING btree ("deleted_at") WHERE "images"."deleted_at" is not null;