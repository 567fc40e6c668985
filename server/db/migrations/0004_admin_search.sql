-- Admin searches ("contains", lower(column) LIKE '%q%') over ALL figures and accounts: the figure
-- list (name, series), the claims table (figure name and series, claimer name and e-mail), users.
-- Trigram indexes on the lower-cased columns where the server has pg_trgm (see 0003); without them
-- a search scans 100,000 figures (~35-45 ms), with them it reads the matches. On PGlite (no pg_trgm
-- loaded) this migration does nothing.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm not available: admin search runs without trigram indexes';
    RETURN;
  END;
  EXECUTE 'CREATE INDEX IF NOT EXISTS boonees_name_lower_trgm_idx ON boonees USING gin (lower(name) gin_trgm_ops)';
  EXECUTE 'CREATE INDEX IF NOT EXISTS boonees_series_lower_trgm_idx ON boonees USING gin (lower(series) gin_trgm_ops)';
  EXECUTE 'CREATE INDEX IF NOT EXISTS profiles_name_lower_trgm_idx ON profiles USING gin (lower(name) gin_trgm_ops)';
  EXECUTE 'CREATE INDEX IF NOT EXISTS profiles_email_lower_trgm_idx ON profiles USING gin (lower(email) gin_trgm_ops)';
END;
$$;
