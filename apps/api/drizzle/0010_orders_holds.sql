CREATE SEQUENCE "order_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "product_hold" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "product_hold_quantity_check" CHECK ("product_hold"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_status_check";--> statement-breakpoint
ALTER TABLE "product_hold" ADD CONSTRAINT "product_hold_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_hold" ADD CONSTRAINT "product_hold_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_hold_product_idx" ON "product_hold" USING btree ("product_id") WHERE "product_hold"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "product_hold_order_idx" ON "product_hold" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_status_check" CHECK ("order"."status" IN ('PENDING', 'PAID', 'EXPIRED', 'CANCELLED', 'REFUNDED'));