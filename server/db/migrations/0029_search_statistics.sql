-- A contains-search (lower(column) LIKE '%q%') is estimated from the statistics of its trigram index's
-- expression. At the default target (100) every value that lands among its ~100 histogram bounds is
-- estimated at 1 % of the table: for about one figure name in a hundred, the drop picker and the admin
-- list then walked all figures newest first instead of reading the few matches (measured: 48 of 48 such
-- names at 100,000 figures, 0 of 48 at 1000; tests/integration/drop-picker-scale.test.ts). ANALYZE reads
-- up to 300,000 rows of these tables for it. Where pg_trgm is missing (PGlite) the indexes do not exist.
DO $$
DECLARE
  idx text;
BEGIN
  FOREACH idx IN ARRAY ARRAY['boonees_name_lower_trgm_idx', 'boonees_series_lower_trgm_idx', 'profiles_name_lower_trgm_idx', 'profiles_email_lower_trgm_idx'] LOOP
    IF to_regclass(idx) IS NOT NULL THEN
      EXECUTE format('ALTER INDEX %I ALTER COLUMN 1 SET STATISTICS 1000', idx);
    END IF;
  END LOOP;
  IF to_regclass('boonees_name_lower_trgm_idx') IS NOT NULL THEN
    ANALYZE boonees;
    ANALYZE profiles;
  END IF;
END;
$$;
