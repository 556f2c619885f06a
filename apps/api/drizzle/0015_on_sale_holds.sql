-- An on-sale product has thousands of unreleased holds, and every cart, page and checkout of it looks for
-- the expired ones: by expiry within the product, the index finds them without reading the others.
DROP INDEX "product_hold_product_idx";--> statement-breakpoint
CREATE INDEX "product_hold_product_idx" ON "product_hold" USING btree ("product_id","expires_at") WHERE "product_hold"."released_at" IS NULL;--> statement-breakpoint
-- An offer's prices follow its products' (0007), now through a row trigger whose WHEN is decided without
-- calling any function: the statement trigger ran its function (0.6 ms) for every UPDATE of product, even
-- of no row, and every checkout's hold runs one while it keeps an on-sale product's row locked.
DROP TRIGGER product_offer_prices_update ON product;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_offer_price_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM refresh_offer_prices(ARRAY[OLD.offer_id, NEW.offer_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_offer_prices_update AFTER UPDATE ON product FOR EACH ROW
  WHEN ((OLD.price, OLD.discount_type, OLD.discount, OLD.offer_id)
    IS DISTINCT FROM (NEW.price, NEW.discount_type, NEW.discount, NEW.offer_id))
  EXECUTE FUNCTION product_offer_price_changed();
