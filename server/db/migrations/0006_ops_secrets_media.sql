-- One session secret for every instance on one PostgreSQL (server/auth/session-secret.ts), and the
-- lookup of an exclusive upload's item by its URL (server/domain/media-access.ts).
CREATE TABLE IF NOT EXISTS "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "exclusive_content_url_idx" ON "exclusive_content" USING btree ("url") WHERE "exclusive_content"."url" is not null;
