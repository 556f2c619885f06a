ALTER TABLE "cart_item" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "cart_user_updated_idx" ON "cart" USING btree ("user_id","updated_at");