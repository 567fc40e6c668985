CREATE TYPE "public"."content_audience" AS ENUM('all', 'rarity', 'series', 'boonee');--> statement-breakpoint
CREATE TYPE "public"."content_type" AS ENUM('news', 'image', 'link', 'video', 'text', 'document');--> statement-breakpoint
CREATE TYPE "public"."element" AS ENUM('Feuer', 'Wasser', 'Erde', 'Luft', 'Blitz', 'Eis');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('drop', 'achievement', 'trade', 'content', 'other');--> statement-breakpoint
CREATE TYPE "public"."rarity" AS ENUM('Common', 'Rare', 'Legendary');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('user', 'moderator', 'admin');--> statement-breakpoint
CREATE TYPE "public"."boonee_status" AS ENUM('Draft', 'Hidden', 'Placed', 'Found', 'On Sale', 'Sold Out', 'Archived');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "achievements" (
	"key" text PRIMARY KEY NOT NULL,
	"icon" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boonee_stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"boonee_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"story" text NOT NULL,
	"find_location" text,
	"find_date" date,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boonees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"rarity" "rarity" DEFAULT 'Common' NOT NULL,
	"status" "boonee_status" DEFAULT 'Draft' NOT NULL,
	"series" text,
	"image_url" text,
	"welcome_video_url" text,
	"template_id" uuid,
	"owner_id" text,
	"claimed_at" timestamp with time zone,
	"origin" text,
	"passion" text,
	"superpower" text,
	"personality" text,
	"element" "element",
	"birth_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"boonee_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exclusive_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"boonee_id" uuid,
	"audience" "content_audience" DEFAULT 'all' NOT NULL,
	"audience_rarity" "rarity",
	"audience_series" text,
	"title" text NOT NULL,
	"description" text,
	"content_type" "content_type" DEFAULT 'news' NOT NULL,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"type" "notification_type" DEFAULT 'other' NOT NULL,
	"link" text,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "profiles_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"boonee_id" uuid NOT NULL,
	"tag_uid" text,
	"secret_code" text NOT NULL,
	"is_claimed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"achievement" text NOT NULL,
	"unlocked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text NOT NULL,
	"role" "role" NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boonee_stories" ADD CONSTRAINT "boonee_stories_boonee_id_boonees_id_fk" FOREIGN KEY ("boonee_id") REFERENCES "public"."boonees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boonee_stories" ADD CONSTRAINT "boonee_stories_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boonees" ADD CONSTRAINT "boonees_template_id_boonees_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."boonees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boonees" ADD CONSTRAINT "boonees_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_boonee_id_boonees_id_fk" FOREIGN KEY ("boonee_id") REFERENCES "public"."boonees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusive_content" ADD CONSTRAINT "exclusive_content_boonee_id_boonees_id_fk" FOREIGN KEY ("boonee_id") REFERENCES "public"."boonees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_boonee_id_boonees_id_fk" FOREIGN KEY ("boonee_id") REFERENCES "public"."boonees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_achievement_achievements_key_fk" FOREIGN KEY ("achievement") REFERENCES "public"."achievements"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "boonee_stories_boonee_idx" ON "boonee_stories" USING btree ("boonee_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "boonees_owner_idx" ON "boonees" USING btree ("owner_id","claimed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "boonees_template_idx" ON "boonees" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "boonees_status_idx" ON "boonees" USING btree ("status");--> statement-breakpoint
CREATE INDEX "boonees_rarity_owner_idx" ON "boonees" USING btree ("rarity","owner_id");--> statement-breakpoint
CREATE INDEX "boonees_series_idx" ON "boonees" USING btree ("series");--> statement-breakpoint
CREATE INDEX "boonees_created_idx" ON "boonees" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_boonee_key" ON "claims" USING btree ("boonee_id");--> statement-breakpoint
CREATE INDEX "claims_user_idx" ON "claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "claims_claimed_at_idx" ON "claims" USING btree ("claimed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exclusive_content_boonee_idx" ON "exclusive_content" USING btree ("boonee_id");--> statement-breakpoint
CREATE INDEX "exclusive_content_audience_idx" ON "exclusive_content" USING btree ("audience","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read" = false;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_secret_code_key" ON "tags" USING btree ("secret_code");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_boonee_key" ON "tags" USING btree ("boonee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_achievements_once" ON "user_achievements" USING btree ("user_id","achievement");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");