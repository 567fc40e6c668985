ALTER TABLE "activity_log" ADD COLUMN "reason_lang" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "reason_lang" text;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_reason_lang_check" CHECK ("activity_log"."reason_lang" in ('de', 'en'));--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_reason_lang_check" CHECK ("claims"."reason_lang" in ('de', 'en'));