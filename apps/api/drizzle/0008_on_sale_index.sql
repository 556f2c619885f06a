-- The offers on sale with what a deals search counts and filters without a text (category, city, price,
-- discount): an index-only scan counts them for the facets instead of reading the wide rows (descriptions,
-- search documents). Written by hand: drizzle-kit's index builder has no INCLUDE.
CREATE INDEX IF NOT EXISTS "offer_on_sale_idx" ON "offer" USING btree ("valid_until")
  INCLUDE ("category", "city_slug", "city", "price_from", "best_discount_rate");
