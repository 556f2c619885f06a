ALTER TABLE "article" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizer" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "performer" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticketing" ADD COLUMN "sales_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticketing" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticketing" ADD CONSTRAINT "ticketing_sales_start_check" CHECK ("ticketing"."sales_start_at" IS NULL OR "ticketing"."sales_start_at" < "ticketing"."ends_at");--> statement-breakpoint
-- When a public page's row last changed (the site map's lastmod, docs/decisions/0029): set by the database on
-- every UPDATE that changes something, whoever writes it, unless the statement sets updated_at itself (an
-- import keeping its source's date). A statement that writes the same values (the offer price refresh of
-- migration 0007 when no price moved) leaves it. search_vector is left out of the comparison: in a BEFORE
-- trigger, generated columns are not computed yet.
CREATE OR REPLACE FUNCTION touch_updated_at() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at
    AND (to_jsonb(NEW) - 'updated_at' - 'search_vector') IS DISTINCT FROM (to_jsonb(OLD) - 'updated_at' - 'search_vector')
  THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DO $$
DECLARE target text;
BEGIN
  FOREACH target IN ARRAY ARRAY['organizer', 'performer', 'ticketing', 'offer', 'article']
  LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION touch_updated_at()',
      target || '_touch_updated_at', target);
  END LOOP;
END $$;
