ALTER TABLE "order_item" DROP CONSTRAINT "order_item_vat_rate_check";--> statement-breakpoint
ALTER TABLE "product" DROP CONSTRAINT "product_vat_rate_check";--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_vat_rate_check" CHECK ("order_item"."vat_rate" IN (0, 210, 550, 600, 1000, 2000));--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_vat_rate_check" CHECK ("product"."vat_rate" IN (0, 210, 550, 600, 1000, 2000));