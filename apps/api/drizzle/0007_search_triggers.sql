-- The discounted price of a product, the rule of `discountedPrice` in @guichet/domain: FIXED subtracts the
-- discount (cents), PERCENTAGE that percent of the price rounded half away from zero, never below 0, any other
-- type leaves the price. One SQL definition, inlined by the planner, used by every query and trigger.
CREATE OR REPLACE FUNCTION discounted_price(price integer, discount_type text, discount integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE discount_type
    WHEN 'FIXED' THEN greatest(0, price - discount)
    WHEN 'PERCENTAGE' THEN greatest(0, price - round(price::numeric * discount / 100)::integer)
    ELSE price END $$;
--> statement-breakpoint
-- An offer's price columns (price_from, price_original, best_discount*) from its products: the cheapest product
-- after discount, and the biggest discount as a share of the price (basis points).
CREATE OR REPLACE FUNCTION refresh_offer_prices(targets integer[]) RETURNS void
  LANGUAGE sql
  AS $$
  UPDATE offer SET
    price_from = cheapest.discounted,
    price_original = cheapest.price,
    best_discount_type = biggest.discount_type,
    best_discount = biggest.discount,
    best_discount_rate = coalesce(biggest.rate, 0)
  FROM (SELECT DISTINCT unnest(targets) AS id) AS target
  LEFT JOIN LATERAL (
    SELECT p.price, discounted_price(p.price, p.discount_type, p.discount) AS discounted
    FROM product p WHERE p.offer_id = target.id
    ORDER BY 2, p.position, p.id LIMIT 1
  ) AS cheapest ON true
  LEFT JOIN LATERAL (
    SELECT p.discount_type, p.discount,
      ((p.price - discounted_price(p.price, p.discount_type, p.discount)) * 10000 / p.price) AS rate
    FROM product p WHERE p.offer_id = target.id AND p.discount > 0 AND p.price > 0
    ORDER BY 3 DESC, p.position, p.id LIMIT 1
  ) AS biggest ON true
  WHERE offer.id = target.id
$$;
--> statement-breakpoint
-- Statement-level triggers with transition tables: a bulk insert (the seed, the bench's 100,000 offers)
-- refreshes each offer once. An update refreshes only the offers whose products changed price or owner, so the
-- sales counters (sold, reserved) cost nothing here.
CREATE OR REPLACE FUNCTION product_offer_prices() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_offer_prices(ARRAY(SELECT offer_id FROM new_rows WHERE offer_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_offer_prices(ARRAY(SELECT offer_id FROM old_rows WHERE offer_id IS NOT NULL));
  ELSE
    PERFORM refresh_offer_prices(ARRAY(
      SELECT unnest(ARRAY[o.offer_id, n.offer_id])
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.price, o.discount_type, o.discount, o.offer_id) IS DISTINCT FROM (n.price, n.discount_type, n.discount, n.offer_id)
    ));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_offer_prices_insert AFTER INSERT ON product
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_offer_prices();
--> statement-breakpoint
CREATE TRIGGER product_offer_prices_update AFTER UPDATE ON product
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_offer_prices();
--> statement-breakpoint
CREATE TRIGGER product_offer_prices_delete AFTER DELETE ON product
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_offer_prices();
--> statement-breakpoint
-- The search lexicon (search_word): every word of 3 to 40 letters of the given texts, keyed without accents.
CREATE OR REPLACE FUNCTION index_search_words(sources text[]) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO search_word (word, display)
  SELECT DISTINCT ON (immutable_unaccent(w)) immutable_unaccent(w), w
  FROM unnest(sources) AS source, regexp_split_to_table(lower(source), '[^[:alnum:]]+') AS w
  WHERE char_length(w) BETWEEN 3 AND 40
  ORDER BY immutable_unaccent(w), w
  ON CONFLICT (word) DO NOTHING
$$;
--> statement-breakpoint
-- An offer is updated by the price trigger above too: only rows whose texts changed are read again.
CREATE OR REPLACE FUNCTION offer_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM index_search_words(ARRAY(SELECT concat_ws(' ', title, partner, category, city, summary) FROM new_rows));
  ELSE
    PERFORM index_search_words(ARRAY(
      SELECT concat_ws(' ', n.title, n.partner, n.category, n.city, n.summary)
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.title, n.partner, n.category, n.city, n.summary) IS DISTINCT FROM (o.title, o.partner, o.category, o.city, o.summary)
    ));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticketing_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM index_search_words(ARRAY(SELECT concat_ws(' ', title, venue, city, category, summary) FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION performer_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM index_search_words(ARRAY(SELECT concat_ws(' ', name, genre) FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER offer_search_words_insert AFTER INSERT ON offer
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offer_search_words();
--> statement-breakpoint
CREATE TRIGGER offer_search_words_update AFTER UPDATE ON offer
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION offer_search_words();
--> statement-breakpoint
CREATE TRIGGER ticketing_search_words_insert AFTER INSERT ON ticketing
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticketing_search_words();
--> statement-breakpoint
CREATE TRIGGER ticketing_search_words_update AFTER UPDATE ON ticketing
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticketing_search_words();
--> statement-breakpoint
CREATE TRIGGER performer_search_words_insert AFTER INSERT ON performer
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION performer_search_words();
--> statement-breakpoint
CREATE TRIGGER performer_search_words_update AFTER UPDATE ON performer
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION performer_search_words();
--> statement-breakpoint
-- What is already there: the offers' prices and the words of the catalogue.
SELECT refresh_offer_prices(ARRAY(SELECT id FROM offer));
--> statement-breakpoint
SELECT index_search_words(ARRAY(SELECT concat_ws(' ', title, partner, category, city, summary) FROM offer));
--> statement-breakpoint
SELECT index_search_words(ARRAY(SELECT concat_ws(' ', title, venue, city, category, summary) FROM ticketing));
--> statement-breakpoint
SELECT index_search_words(ARRAY(SELECT concat_ws(' ', name, genre) FROM performer));
