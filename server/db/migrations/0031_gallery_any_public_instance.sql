-- The gallery card of a type shows whenever any of its instances is public, whatever the status of
-- the type row (Nr. 1) itself (issue 35 item 1): a type kept back as a Draft template, or put into a
-- waiting drop, no longer hides its released instances. gallery_type_counts already counts only
-- public rows and holds a row only while one is public. The card links to the type row when that is
-- public, else to its first public instance (boonees_template_idx), so the link never answers 404.
CREATE OR REPLACE VIEW "boonee_gallery" AS
SELECT
  CASE WHEN t."status" NOT IN ('Draft', 'Hidden') THEN t."id" ELSE (
    SELECT b."id" FROM "boonees" b
    WHERE b."template_id" = t."id" AND b."status" NOT IN ('Draft', 'Hidden')
    ORDER BY b."created_at", b."id" LIMIT 1
  ) END AS "display_boonee_id",
  t."name",
  t."description",
  t."image_url",
  t."rarity",
  t."series",
  t."template_id",
  g."total_instances",
  g."claimed_count",
  (g."total_instances" - g."claimed_count" - (
    SELECT count(*) FROM "boonees" b
    WHERE (b."id" = t."id" OR b."template_id" = t."id") AND b."owner_id" IS NULL AND b."status" = 'Archived'
  ))::int AS "available_count",
  g."latest_drop_date"
FROM "gallery_type_counts" g
JOIN "boonees" t ON t."id" = g."type_id"
WHERE t."template_id" IS NULL AND g."total_instances" > 0;
