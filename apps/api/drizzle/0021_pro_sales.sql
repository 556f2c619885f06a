CREATE TABLE "organizer_order" (
	"organizer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"tickets" integer NOT NULL,
	"amount" integer NOT NULL,
	"search" text NOT NULL,
	CONSTRAINT "organizer_order_organizer_id_order_id_pk" PRIMARY KEY("organizer_id","order_id"),
	CONSTRAINT "organizer_order_status_check" CHECK ("organizer_order"."status" IN ('PENDING', 'PAID', 'EXPIRED', 'CANCELLED', 'REFUNDED'))
);
--> statement-breakpoint
CREATE TABLE "organizer_sales_day" (
	"organizer_id" integer NOT NULL,
	"day" date NOT NULL,
	"orders" integer NOT NULL,
	"quantity" integer NOT NULL,
	"revenue_incl_vat" bigint NOT NULL,
	CONSTRAINT "organizer_sales_day_organizer_id_day_pk" PRIMARY KEY("organizer_id","day")
);
--> statement-breakpoint
CREATE TABLE "organizer_view_day" (
	"organizer_id" integer NOT NULL,
	"day" text NOT NULL,
	"source" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "organizer_view_day_organizer_id_day_source_pk" PRIMARY KEY("organizer_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "sales_day" (
	"ticketing_id" integer NOT NULL,
	"day" date NOT NULL,
	"organizer_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"quantity" integer NOT NULL,
	"revenue_incl_vat" bigint NOT NULL,
	CONSTRAINT "sales_day_ticketing_id_day_pk" PRIMARY KEY("ticketing_id","day")
);
--> statement-breakpoint
CREATE TABLE "sales_total" (
	"product_id" integer NOT NULL,
	"vat_rate" integer DEFAULT 2000 NOT NULL,
	"organizer_id" integer NOT NULL,
	"ticketing_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"revenue_incl_vat" bigint NOT NULL,
	CONSTRAINT "sales_total_product_id_vat_rate_pk" PRIMARY KEY("product_id","vat_rate")
);
--> statement-breakpoint
ALTER TABLE "organizer_order" ADD CONSTRAINT "organizer_order_organizer_id_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "organizer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_order" ADD CONSTRAINT "organizer_order_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_order" ADD CONSTRAINT "organizer_order_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_sales_day" ADD CONSTRAINT "organizer_sales_day_organizer_id_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "organizer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_view_day" ADD CONSTRAINT "organizer_view_day_organizer_id_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "organizer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_day" ADD CONSTRAINT "sales_day_ticketing_id_ticketing_id_fk" FOREIGN KEY ("ticketing_id") REFERENCES "ticketing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_day" ADD CONSTRAINT "sales_day_organizer_id_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "organizer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_total" ADD CONSTRAINT "sales_total_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_total" ADD CONSTRAINT "sales_total_organizer_id_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "organizer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_total" ADD CONSTRAINT "sales_total_ticketing_id_ticketing_id_fk" FOREIGN KEY ("ticketing_id") REFERENCES "ticketing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizer_order_paid_idx" ON "organizer_order" USING btree ("organizer_id","paid_at","order_id");--> statement-breakpoint
CREATE INDEX "organizer_order_order_idx" ON "organizer_order" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "organizer_order_search_idx" ON "organizer_order" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sales_total_organizer_idx" ON "sales_total" USING btree ("organizer_id","ticketing_id");--> statement-breakpoint
CREATE INDEX "sales_total_ticketing_idx" ON "sales_total" USING btree ("ticketing_id");--> statement-breakpoint
CREATE INDEX "order_item_product_idx" ON "order_item" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "page_view_ticketing_day_idx" ON "page_view" USING btree ("ticketing_id","day");
--> statement-breakpoint
-- The pro dashboards' aggregates (sales_total, sales_day, organizer_sales_day, organizer_order) are kept here, by PostgreSQL, in the
-- transaction that pays an order or writes the lines of an order already paid: whoever writes (checkout, seed,
-- tests), the dashboards read a few hundred rows for an organiser of 100,000 orders (bench/pro-sales.bench.ts).
-- Only a ticket's line counts for its ticketing's organiser (a deal has no organiser). `sign` is 1 for an order
-- becoming PAID, -1 for one leaving it (a refund). Rows are written in key order, so that two payments touching
-- the same products lock them in the same order and never deadlock on them. The ids are joined as sets (IN, not
-- = ANY) so that a backfill or a bulk load of 100,000 orders is hashed rather than compared id by id.
CREATE OR REPLACE FUNCTION record_sales(order_ids integer[], item_ids integer[], sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO sales_total AS s (product_id, vat_rate, organizer_id, ticketing_id, quantity, revenue_incl_vat)
  SELECT oi.product_id, oi.vat_rate, t.organizer_id, t.id, sign * sum(oi.quantity), sign * sum(oi.line_total)
  FROM order_item oi
  JOIN product p ON p.id = oi.product_id
  JOIN ticketing t ON t.id = p.ticketing_id
  WHERE oi.order_id IN (SELECT unnest(order_ids)) AND (item_ids IS NULL OR oi.id IN (SELECT unnest(item_ids)))
  GROUP BY oi.product_id, oi.vat_rate, t.organizer_id, t.id
  ORDER BY oi.product_id, oi.vat_rate
  ON CONFLICT (product_id, vat_rate) DO UPDATE
    SET quantity = s.quantity + excluded.quantity, revenue_incl_vat = s.revenue_incl_vat + excluded.revenue_incl_vat;

  INSERT INTO sales_day AS s (ticketing_id, day, organizer_id, orders, quantity, revenue_incl_vat)
  SELECT t.id, (coalesce(o.paid_at, o.created_at) AT TIME ZONE 'Europe/Paris')::date, t.organizer_id,
    sign * count(DISTINCT o.id), sign * sum(oi.quantity), sign * sum(oi.line_total)
  FROM order_item oi
  JOIN "order" o ON o.id = oi.order_id
  JOIN product p ON p.id = oi.product_id
  JOIN ticketing t ON t.id = p.ticketing_id
  WHERE oi.order_id IN (SELECT unnest(order_ids)) AND (item_ids IS NULL OR oi.id IN (SELECT unnest(item_ids)))
  GROUP BY 1, 2, 3
  ORDER BY 1, 2
  ON CONFLICT (ticketing_id, day) DO UPDATE
    SET orders = s.orders + excluded.orders, quantity = s.quantity + excluded.quantity,
      revenue_incl_vat = s.revenue_incl_vat + excluded.revenue_incl_vat;

  INSERT INTO organizer_sales_day AS s (organizer_id, day, orders, quantity, revenue_incl_vat)
  SELECT t.organizer_id, (coalesce(o.paid_at, o.created_at) AT TIME ZONE 'Europe/Paris')::date,
    sign * count(DISTINCT o.id), sign * sum(oi.quantity), sign * sum(oi.line_total)
  FROM order_item oi
  JOIN "order" o ON o.id = oi.order_id
  JOIN product p ON p.id = oi.product_id
  JOIN ticketing t ON t.id = p.ticketing_id
  WHERE oi.order_id IN (SELECT unnest(order_ids)) AND (item_ids IS NULL OR oi.id IN (SELECT unnest(item_ids)))
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (organizer_id, day) DO UPDATE
    SET orders = s.orders + excluded.orders, quantity = s.quantity + excluded.quantity,
      revenue_incl_vat = s.revenue_incl_vat + excluded.revenue_incl_vat;

  -- The list keeps an order that leaves PAID (its status follows, below): only arrivals add to it. Its paid_at
  -- is cut to the millisecond, what the list's cursor (an ISO instant) carries: a keyset on microseconds would
  -- skip the rows of the cursor's own millisecond.
  INSERT INTO organizer_order AS s (organizer_id, order_id, user_id, paid_at, status, tickets, amount, search)
  SELECT t.organizer_id, o.id, o.user_id, date_trunc('milliseconds', coalesce(o.paid_at, o.created_at)), o.status, sum(oi.quantity),
    sum(oi.line_total), immutable_unaccent(lower(concat_ws(' ', o.reference, u.firstname, u.lastname, u.email)))
  FROM order_item oi
  JOIN "order" o ON o.id = oi.order_id
  JOIN "user" u ON u.id = o.user_id
  JOIN product p ON p.id = oi.product_id
  JOIN ticketing t ON t.id = p.ticketing_id
  WHERE sign > 0 AND oi.order_id IN (SELECT unnest(order_ids)) AND (item_ids IS NULL OR oi.id IN (SELECT unnest(item_ids)))
  GROUP BY t.organizer_id, o.id, u.id
  ORDER BY t.organizer_id, o.id
  ON CONFLICT (organizer_id, order_id) DO UPDATE
    SET tickets = s.tickets + excluded.tickets, amount = s.amount + excluded.amount, status = excluded.status;
$$;
--> statement-breakpoint
-- Once per statement, with its old and new rows: the payment's UPDATE, and the job's that expires hundreds.
CREATE OR REPLACE FUNCTION order_status_sales() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entering integer[];
  leaving integer[];
BEGIN
  SELECT array_agg(n.id) FILTER (WHERE n.status = 'PAID'), array_agg(n.id) FILTER (WHERE o.status = 'PAID')
    INTO entering, leaving
  FROM new_orders n JOIN old_orders o ON o.id = n.id
  WHERE n.status IS DISTINCT FROM o.status;
  IF leaving IS NOT NULL THEN
    PERFORM record_sales(leaving, NULL, -1);
    UPDATE organizer_order oo SET status = n.status
    FROM new_orders n WHERE oo.order_id = n.id AND n.id = ANY(leaving);
  END IF;
  IF entering IS NOT NULL THEN
    PERFORM record_sales(entering, NULL, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_status_sales AFTER UPDATE ON "order"
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_sales();
--> statement-breakpoint
-- Lines written into an order already paid (the seed writes its orders PAID, then their lines).
CREATE OR REPLACE FUNCTION order_item_sales() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid_orders integer[];
  paid_items integer[];
BEGIN
  SELECT array_agg(DISTINCT ni.order_id), array_agg(ni.id) INTO paid_orders, paid_items
  FROM new_items ni JOIN "order" o ON o.id = ni.order_id
  WHERE o.status = 'PAID';
  IF paid_items IS NOT NULL THEN
    PERFORM record_sales(paid_orders, paid_items, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_item_sales AFTER INSERT ON order_item
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION order_item_sales();
--> statement-breakpoint
-- What was sold before this migration: paid orders and refunded ones (listed, their sales taken back out).
SELECT record_sales(array_agg(id), NULL, 1) FROM "order" WHERE status IN ('PAID', 'REFUNDED');
--> statement-breakpoint
SELECT record_sales(array_agg(id), NULL, -1) FROM "order" WHERE status = 'REFUNDED';
--> statement-breakpoint
-- Views per organiser, day and source, in the statement that counts a view (one more row upserted per view).
CREATE OR REPLACE FUNCTION page_view_organizer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO organizer_view_day AS s (organizer_id, day, source, views)
  SELECT t.organizer_id, NEW.day, NEW.source, NEW.views - CASE WHEN TG_OP = 'UPDATE' THEN OLD.views ELSE 0 END
  FROM ticketing t WHERE t.id = NEW.ticketing_id
  ON CONFLICT (organizer_id, day, source) DO UPDATE SET views = s.views + excluded.views;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER page_view_organizer AFTER INSERT OR UPDATE OF views ON page_view
  FOR EACH ROW EXECUTE FUNCTION page_view_organizer();
--> statement-breakpoint
INSERT INTO organizer_view_day (organizer_id, day, source, views)
SELECT t.organizer_id, v.day, v.source, sum(v.views) FROM page_view v JOIN ticketing t ON t.id = v.ticketing_id
GROUP BY t.organizer_id, v.day, v.source;
