-- The version of the data that public pages show: a number that grows whenever a statement changes a table
-- behind them (catalogue, deals, Le Mag, contests, redirects; product also changes with every hold and sale,
-- since a page shows what is left). Caches of shared answers (the API's, the web's rendered pages) keep an
-- answer only while the version they computed it under is still the current one.
-- A sequence rather than a counter row: nextval never waits on another transaction's lock, so concurrent
-- checkouts do not queue behind each other; it may skip numbers, which only ever means « changed ».
CREATE SEQUENCE IF NOT EXISTS data_version_seq;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM nextval('data_version_seq'); RETURN NULL; END $$;
--> statement-breakpoint
DO $$
DECLARE target text;
BEGIN
  FOREACH target IN ARRAY ARRAY['organizer', 'performer', 'ticketing', 'ticketing_performer', 'offer', 'product',
    'article', 'redirect', 'contest_game', 'contest_question', 'contest_winner']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()', target || '_data_version', target);
  END LOOP;
END $$;
