-- Throttle windows end at expires_at (database clock), so the periodic clean-up
-- (server/domain/rate-limit-cleanup.ts) deletes finished windows through one index.
ALTER TABLE "rate_limits" ADD COLUMN IF NOT EXISTS "expires_at" timestamp with time zone DEFAULT now() + interval '10 minutes' NOT NULL;--> statement-breakpoint
-- rows written before this migration all used ten-minute windows
UPDATE "rate_limits" SET "expires_at" = "window_start" + interval '10 minutes';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limits_expires_at_idx" ON "rate_limits" USING btree ("expires_at");
