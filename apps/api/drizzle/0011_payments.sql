CREATE TABLE "invoice_counter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counter_single_check" CHECK ("invoice_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" integer,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_event_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"failure_message" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_status_check" CHECK ("payment"."status" IN ('PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED')),
	CONSTRAINT "payment_amount_check" CHECK ("payment"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "vat_rate" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "holder_names" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "cart_id" uuid;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "vat_rate" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
INSERT INTO "invoice_counter" ("id", "last") VALUES (1, 0);--> statement-breakpoint
UPDATE "product" SET "vat_rate" = 550 WHERE "product_type" = 'TICKET';--> statement-breakpoint
UPDATE "order_item" oi SET "vat_rate" = p."vat_rate" FROM "product" p WHERE p."id" = oi."product_id";--> statement-breakpoint
WITH numbered AS (SELECT "id", row_number() OVER (ORDER BY "paid_at", "id") AS n FROM "order" WHERE "status" IN ('PAID', 'REFUNDED'))
UPDATE "order" o SET "invoice_number" = numbered.n FROM numbered WHERE o."id" = numbered."id";--> statement-breakpoint
UPDATE "invoice_counter" SET "last" = (SELECT coalesce(max("invoice_number"), 0) FROM "order");--> statement-breakpoint
ALTER TABLE "payment_event" ADD CONSTRAINT "payment_event_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_provider_id_idx" ON "payment" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payment_order_idx" ON "payment" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "cart"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_vat_rate_check" CHECK ("order_item"."vat_rate" IN (210, 550, 1000, 2000));--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_paid_invoice_check" CHECK ("order"."status" NOT IN ('PAID', 'REFUNDED') OR "order"."invoice_number" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_vat_rate_check" CHECK ("product"."vat_rate" IN (210, 550, 1000, 2000));