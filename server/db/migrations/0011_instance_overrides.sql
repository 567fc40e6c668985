-- Types and instances (issue 17 item 2, decision 015): an instance keeps its copied columns (fast
-- reads for gallery, figure page and claim), and names the inherited fields that hold its own value.
ALTER TABLE "boonees" ADD COLUMN "overridden_fields" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
-- Existing instances: every inherited field whose value differs from its type's is the instance's
-- own (nothing is changed or lost; the rest follows the type from now on). The list is the one of
-- app/lib/inherited-fields.ts.
UPDATE "boonees" i SET "overridden_fields" = array_remove(ARRAY[
  CASE WHEN i."name" IS DISTINCT FROM t."name" THEN 'name' END,
  CASE WHEN i."description" IS DISTINCT FROM t."description" THEN 'description' END,
  CASE WHEN i."rarity" IS DISTINCT FROM t."rarity" THEN 'rarity' END,
  CASE WHEN i."series" IS DISTINCT FROM t."series" THEN 'series' END,
  CASE WHEN i."image_url" IS DISTINCT FROM t."image_url" THEN 'image_url' END,
  CASE WHEN i."origin" IS DISTINCT FROM t."origin" THEN 'origin' END,
  CASE WHEN i."passion" IS DISTINCT FROM t."passion" THEN 'passion' END,
  CASE WHEN i."superpower" IS DISTINCT FROM t."superpower" THEN 'superpower' END,
  CASE WHEN i."personality" IS DISTINCT FROM t."personality" THEN 'personality' END,
  CASE WHEN i."element" IS DISTINCT FROM t."element" THEN 'element' END,
  CASE WHEN i."birth_date" IS DISTINCT FROM t."birth_date" THEN 'birth_date' END
]::text[], NULL)
FROM "boonees" t
WHERE i."template_id" = t."id";
--> statement-breakpoint
-- "Available" means claimable (product decisions, app/lib/figure-status.ts): the gallery view's
-- available_count leaves out the public figures without owner that are Archived (same columns).
CREATE OR REPLACE VIEW "boonee_gallery" AS
SELECT
  t."id" AS "display_boonee_id",
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
WHERE t."template_id" IS NULL AND t."status" NOT IN ('Draft', 'Hidden');
