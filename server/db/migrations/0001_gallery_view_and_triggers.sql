-- The gallery's read view: one row per figure type (a boonee without template_id) with the counts
-- of the type and its instances. Draft and Hidden figures are not public (product decisions).
CREATE VIEW "boonee_gallery" AS
SELECT
  t."id" AS "display_boonee_id",
  t."name",
  t."description",
  t."image_url",
  t."rarity",
  t."series",
  t."template_id",
  count(b."id")::int AS "total_instances",
  count(b."owner_id")::int AS "claimed_count",
  (count(b."id") - count(b."owner_id"))::int AS "available_count",
  max(b."created_at") AS "latest_drop_date"
FROM "boonees" t
JOIN "boonees" b ON (b."id" = t."id" OR b."template_id" = t."id")
  AND b."status" NOT IN ('Draft', 'Hidden')
WHERE t."template_id" IS NULL AND t."status" NOT IN ('Draft', 'Hidden')
GROUP BY t."id";
--> statement-breakpoint
-- Every new notification is announced on commit; each app instance LISTENs and pushes the user's
-- new unread count over server-sent events. Works the same on PGlite and on PostgreSQL.
CREATE FUNCTION "notify_notification_insert"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('notifications', NEW."user_id");
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "notifications_notify" AFTER INSERT OR UPDATE ON "notifications"
FOR EACH ROW EXECUTE FUNCTION "notify_notification_insert"();
--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_email_lower_key" ON "profiles" (lower("email"));
