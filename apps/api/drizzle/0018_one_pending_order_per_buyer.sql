-- A buyer has at most one pending order (docs/decisions/0040). Before the index, of a buyer's pending orders
-- the newest is kept; the others are cancelled and the places of their unreleased holds go back on sale.
WITH cancelled AS (
  UPDATE "order" o SET status = 'CANCELLED'
  WHERE o.status = 'PENDING'
    AND EXISTS (SELECT 1 FROM "order" n WHERE n.user_id = o.user_id AND n.status = 'PENDING' AND n.id > o.id)
  RETURNING o.id),
freed AS (
  UPDATE product_hold h SET released_at = now()
  WHERE h.order_id IN (SELECT id FROM cancelled) AND h.released_at IS NULL
  RETURNING h.product_id, h.quantity)
UPDATE product p SET reserved = p.reserved - f.places
FROM (SELECT product_id, sum(quantity)::int AS places FROM freed GROUP BY product_id) f
WHERE p.id = f.product_id;--> statement-breakpoint
CREATE UNIQUE INDEX "order_one_pending_per_buyer" ON "order" USING btree ("user_id") WHERE "order"."status" = 'PENDING';
