-- Gallery search ("name or series contains …", ILIKE '%q%') with trigram indexes where the server
-- has pg_trgm (PostgreSQL: a trusted contrib extension). With 100,000 figure types a search without
-- them scans every type (~100 ms); with them it reads the few matches. The embedded database
-- (PGlite) has no pg_trgm loaded: there this migration does nothing, and small catalogues scan fast.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm not available: gallery search runs without trigram indexes';
    RETURN;
  END;
  EXECUTE 'CREATE INDEX IF NOT EXISTS boonees_type_name_trgm_idx ON boonees USING gin (name gin_trgm_ops) WHERE template_id IS NULL';
  EXECUTE 'CREATE INDEX IF NOT EXISTS boonees_type_series_trgm_idx ON boonees USING gin (series gin_trgm_ops) WHERE template_id IS NULL';
END;
$$;
