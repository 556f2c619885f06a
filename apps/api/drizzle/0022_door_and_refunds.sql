CREATE TABLE "check_in" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "check_in_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"nonce" uuid NOT NULL,
	"ticket_id" integer NOT NULL,
	"organizer_id" integer NOT NULL,
	"scope_kind" text NOT NULL,
	"scope_id" integer NOT NULL,
	"user_id" integer,
	"device_id" text NOT NULL,
	"gate" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"local_verdict" text NOT NULL,
	"conflict" boolean DEFAULT false NOT NULL,
	CONSTRAINT "check_in_nonce_unique" UNIQUE("nonce"),
	CONSTRAINT "check_in_scope_kind_check" CHECK ("check_in"."scope_kind" IN ('TICKET', 'VOUCHER')),
	CONSTRAINT "check_in_verdict_check" CHECK ("check_in"."local_verdict" IN ('VALID', 'ALREADY_SCANNED', 'REFUNDED', 'CANCELLED', 'WITHDRAWN', 'OTHER_EVENT', 'INVALID', 'UNKNOWN')),
	CONSTRAINT "check_in_gate_check" CHECK (char_length("check_in"."gate") BETWEEN 1 AND 40),
	CONSTRAINT "check_in_device_check" CHECK (char_length("check_in"."device_id") BETWEEN 1 AND 64)
);
--> statement-breakpoint
CREATE TABLE "credit_note_counter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_note_counter_single_check" CHECK ("credit_note_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "demo_refund" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"provider_payment_id" text NOT NULL,
	"provider_refund_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizer_signing_key" (
	"id" serial PRIMARY KEY NOT NULL,
	"organizer_id" integer NOT NULL,
	"public_key" text NOT NULL,
	"private_key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "postponement_notice" (
	"ticketing_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "postponement_notice_ticketing_id_order_id_revision_pk" PRIMARY KEY("ticketing_id","order_id","revision")
);
--> statement-breakpoint
CREATE TABLE "refund_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticketing_id" integer NOT NULL,
	"message" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "refund_job_ticketing_id_unique" UNIQUE("ticketing_id")
);
--> statement-breakpoint
CREATE TABLE "refund_line" (
	"refund_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	"vat_rate" integer DEFAULT 2000 NOT NULL,
	CONSTRAINT "refund_line_refund_id_order_item_id_pk" PRIMARY KEY("refund_id","order_item_id"),
	CONSTRAINT "refund_line_quantity_check" CHECK ("refund_line"."quantity" > 0),
	CONSTRAINT "refund_line_amount_check" CHECK ("refund_line"."amount" >= 0),
	CONSTRAINT "refund_line_vat_rate_check" CHECK ("refund_line"."vat_rate" IN (0, 210, 550, 600, 1000, 2000))
);
--> statement-breakpoint
CREATE TABLE "refund" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"organizer_id" integer,
	"reason" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"request_id" uuid,
	"job_id" integer,
	"provider" text,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"credit_note_number" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	"mail_claimed_until" timestamp with time zone,
	"mail_sent_at" timestamp with time zone,
	CONSTRAINT "refund_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "refund_credit_note_number_unique" UNIQUE("credit_note_number"),
	CONSTRAINT "refund_reason_check" CHECK ("refund"."reason" IN ('ORGANIZER', 'CANCELLATION', 'POSTPONEMENT', 'WITHDRAWAL')),
	CONSTRAINT "refund_status_check" CHECK ("refund"."status" IN ('PENDING', 'SUCCEEDED', 'FAILED')),
	CONSTRAINT "refund_amount_check" CHECK ("refund"."amount" > 0),
	CONSTRAINT "refund_credit_note_check" CHECK ("refund"."status" <> 'SUCCEEDED' OR "refund"."credit_note_number" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "organizer_id" integer;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticketing" ADD COLUMN "previous_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticketing" ADD COLUMN "refund_requests_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticketing" ADD COLUMN "schedule_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "scanned_gate" text;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "ticket" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_organizer_id_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "organizer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_signing_key" ADD CONSTRAINT "organizer_signing_key_organizer_id_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "organizer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postponement_notice" ADD CONSTRAINT "postponement_notice_ticketing_id_ticketing_id_fk" FOREIGN KEY ("ticketing_id") REFERENCES "ticketing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postponement_notice" ADD CONSTRAINT "postponement_notice_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_job" ADD CONSTRAINT "refund_job_ticketing_id_ticketing_id_fk" FOREIGN KEY ("ticketing_id") REFERENCES "ticketing"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_job" ADD CONSTRAINT "refund_job_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_line" ADD CONSTRAINT "refund_line_refund_id_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "refund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_line" ADD CONSTRAINT "refund_line_order_item_id_order_item_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "order_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_organizer_id_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "organizer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_job_id_refund_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "refund_job"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_ticket_idx" ON "check_in" USING btree ("ticket_id","scanned_at","id");--> statement-breakpoint
CREATE INDEX "check_in_scope_received_idx" ON "check_in" USING btree ("scope_kind","scope_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organizer_signing_key_active_idx" ON "organizer_signing_key" USING btree ("organizer_id") WHERE "organizer_signing_key"."retired_at" IS NULL AND "organizer_signing_key"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "postponement_notice_unsent_idx" ON "postponement_notice" USING btree ("ticketing_id") WHERE "postponement_notice"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "refund_line_item_idx" ON "refund_line" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_job_order_idx" ON "refund" USING btree ("job_id","order_id");--> statement-breakpoint
CREATE INDEX "refund_order_idx" ON "refund" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refund_pending_idx" ON "refund" USING btree ("id") WHERE "refund"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "refund_mail_idx" ON "refund" USING btree ("id") WHERE "refund"."status" = 'SUCCEEDED' AND "refund"."mail_sent_at" IS NULL;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_organizer_id_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "organizer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_refund_id_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "refund"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_revoked_idx" ON "ticket" USING btree ("revoked_at") WHERE "ticket"."revoked_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_refunded_amount_check" CHECK ("order"."refunded_amount" BETWEEN 0 AND "order"."total_amount");--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_revoked_reason_check" CHECK ("ticket"."revoked_reason" IN ('ORGANIZER', 'CANCELLATION', 'POSTPONEMENT', 'WITHDRAWAL'));--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_revoked_check" CHECK (("ticket"."revoked_at" IS NULL) = ("ticket"."revoked_reason" IS NULL));--> statement-breakpoint
INSERT INTO "credit_note_counter" ("id", "last") VALUES (1, 0);
--> statement-breakpoint
-- A refund takes its lines out of the pro dashboards' aggregates in the transaction that writes them (migration
-- 0021 keeps them): quantity and revenue of each line's product, day and organiser, and of the organiser's row of
-- the order. The order itself stays counted while it is still PAID (a partial refund); the day's count of orders
-- drops when it becomes REFUNDED (order_status_sales, below). Rows in key order, as record_sales writes them.
CREATE OR REPLACE FUNCTION refund_line_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_total AS s (product_id, vat_rate, organizer_id, ticketing_id, quantity, revenue_incl_vat)
  SELECT oi.product_id, oi.vat_rate, t.organizer_id, t.id, -sum(nl.quantity), -sum(nl.amount)
  FROM new_lines nl
  JOIN order_item oi ON oi.id = nl.order_item_id
  JOIN product p ON p.id = oi.product_id
  JOIN ticketing t ON t.id = p.ticketing_id
  GROUP BY oi.product_id, oi.vat_rate, t.organizer_id, t.id
  ORDER BY oi.product_id, oi.vat_rate
  ON CONFLICT (product_id, vat_rate) DO UPDATE
    SET quantity = s.quantity + excluded.quantity, revenue_incl_vat = s.revenue_incl_vat + excluded.revenue_incl_vat;

  INSERT INTO sales_day AS s (ticketing_id, day, organizer_id, orders, quantity, revenue_incl_vat)
  SELECT t.id, (coalesce(o.paid_at, o.created_at) AT TIME ZONE 'Europe/Paris')::date, t.organizer_id,
    0, -sum(nl.quantity), -sum(nl.amount)
  FROM new_lines nl
  JOIN order_item oi ON oi.id = nl.order_item_id
  JOIN "order" o ON o.id = oi.order_id
  JOIN product p ON p.id = oi.product_id
  JOIN ticketing t ON t.id = p.ticketing_id
  GROUP BY 1, 2, 3
  ORDER BY 1, 2
  ON CONFLICT (ticketing_id, day) DO UPDATE
    SET quantity = s.quantity + excluded.quantity, revenue_incl_vat = s.revenue_incl_vat + excluded.revenue_incl_vat;

  INSERT INTO organizer_sales_day AS s (organizer_id, day, orders, quantity, revenue_incl_vat)
  SELECT t.organizer_id, (coalesce(o.paid_at, o.created_at) AT TIME ZONE 'Europe/Paris')::date,
    0, -sum(nl.quantity), -sum(nl.amount)
  FROM new_lines nl
  JOIN order_item oi ON oi.id = nl.order_item_id
  JOIN "order" o ON o.id = oi.order_id
  JOIN product p ON p.id = oi.product_id
  JOIN ticketing t ON t.id = p.ticketing_id
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (organizer_id, day) DO UPDATE
    SET quantity = s.quantity + excluded.quantity, revenue_incl_vat = s.revenue_incl_vat + excluded.revenue_incl_vat;

  UPDATE organizer_order oo SET tickets = oo.tickets - x.quantity, amount = oo.amount - x.amount
  FROM (
    SELECT t.organizer_id, oi.order_id, sum(nl.quantity) AS quantity, sum(nl.amount) AS amount
    FROM new_lines nl
    JOIN order_item oi ON oi.id = nl.order_item_id
    JOIN product p ON p.id = oi.product_id
    JOIN ticketing t ON t.id = p.ticketing_id
    GROUP BY 1, 2
  ) x
  WHERE oo.organizer_id = x.organizer_id AND oo.order_id = x.order_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER refund_line_sales AFTER INSERT ON refund_line
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION refund_line_sales();
--> statement-breakpoint
-- An order leaving PAID: one whose lines were refunded through `refund` (their quantities already out, above)
-- only leaves the days' count of orders; another (a status written by hand, older data) is taken out whole.
CREATE OR REPLACE FUNCTION order_status_sales() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entering integer[];
  leaving integer[];
  refunded integer[];
BEGIN
  SELECT array_agg(n.id) FILTER (WHERE n.status = 'PAID'), array_agg(n.id) FILTER (WHERE o.status = 'PAID')
    INTO entering, leaving
  FROM new_orders n JOIN old_orders o ON o.id = n.id
  WHERE n.status IS DISTINCT FROM o.status;
  IF leaving IS NOT NULL THEN
    SELECT array_agg(id) INTO refunded FROM unnest(leaving) AS l(id) WHERE EXISTS (SELECT 1 FROM refund r WHERE r.order_id = l.id);
    IF refunded IS NOT NULL THEN
      UPDATE sales_day s SET orders = s.orders - x.orders
      FROM (
        SELECT t.id AS ticketing_id, (coalesce(o.paid_at, o.created_at) AT TIME ZONE 'Europe/Paris')::date AS day,
          count(DISTINCT o.id) AS orders
        FROM "order" o JOIN order_item oi ON oi.order_id = o.id JOIN product p ON p.id = oi.product_id
        JOIN ticketing t ON t.id = p.ticketing_id
        WHERE o.id IN (SELECT unnest(refunded)) GROUP BY 1, 2
      ) x
      WHERE s.ticketing_id = x.ticketing_id AND s.day = x.day;
      UPDATE organizer_sales_day s SET orders = s.orders - x.orders
      FROM (
        SELECT t.organizer_id, (coalesce(o.paid_at, o.created_at) AT TIME ZONE 'Europe/Paris')::date AS day,
          count(DISTINCT o.id) AS orders
        FROM "order" o JOIN order_item oi ON oi.order_id = o.id JOIN product p ON p.id = oi.product_id
        JOIN ticketing t ON t.id = p.ticketing_id
        WHERE o.id IN (SELECT unnest(refunded)) GROUP BY 1, 2
      ) x
      WHERE s.organizer_id = x.organizer_id AND s.day = x.day;
    END IF;
    IF cardinality(leaving) > coalesce(cardinality(refunded), 0) THEN
      PERFORM record_sales(ARRAY(SELECT unnest(leaving) EXCEPT SELECT unnest(refunded)), NULL, -1);
    END IF;
    UPDATE organizer_order oo SET status = n.status
    FROM new_orders n WHERE oo.order_id = n.id AND n.id = ANY(leaving);
  END IF;
  IF entering IS NOT NULL THEN
    PERFORM record_sales(entering, NULL, 1);
  END IF;
  RETURN NULL;
END;
$$;
