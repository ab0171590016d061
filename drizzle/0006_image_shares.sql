CREATE TABLE "image_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"image_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "image_shares" ADD CONSTRAINT "image_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_shares" ADD CONSTRAINT "image_shares_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_shares_image_idx" ON "image_shares" USING btree ("image_id","created_at");--> statement-breakpoint
-- results are no longer public: a job's result is kept as its storage path and signed when shown, so the addresses
-- written while enhanced-images was public (the API route, or S3_PUBLIC_URL) are replaced by the path of the result
UPDATE "image_jobs" SET "processed_image_url" = "images"."bucket" || '/' || "images"."path" FROM "images" WHERE "images"."id" = "image_jobs"."result_image_id" AND "image_jobs"."processed_image_url" IS DISTINCT FROM "images"."bucket" || '/' || "images"."path";
