-- Exclusive feed (server/domain/exclusive-feed.ts): "all owners" items and the items for each rarity
-- and each series the user owns are read from partial indexes already in created_at order, so the
-- feed reads at most its limit per audience instead of every item ever broadcast. Items tied to a
-- figure come from exclusive_content_boonee_idx (0000).
CREATE INDEX IF NOT EXISTS exclusive_content_all_idx ON exclusive_content (created_at DESC) WHERE audience = 'all' AND boonee_id IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS exclusive_content_rarity_idx ON exclusive_content (audience_rarity, created_at DESC) WHERE audience = 'rarity' AND boonee_id IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS exclusive_content_series_idx ON exclusive_content (audience_series, created_at DESC) WHERE audience = 'series' AND boonee_id IS NULL;
