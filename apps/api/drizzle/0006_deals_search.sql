CREATE TABLE "search_word" (
	"word" text PRIMARY KEY NOT NULL,
	"display" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "partner_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "partner_url" text;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "terms" jsonb DEFAULT '{"type":"doc","content":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "price_from" integer;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "price_original" integer;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "best_discount_type" text;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "best_discount" integer;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "best_discount_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('french', immutable_unaccent(title)), 'A') || setweight(to_tsvector('french', immutable_unaccent(partner || ' ' || category || ' ' || city)), 'B') || setweight(to_tsvector('french', immutable_unaccent(summary)), 'C') || setweight(to_tsvector('french', immutable_unaccent(jsonb_path_query_array(description, 'strict $.**.text')::text)), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "performer" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('french', immutable_unaccent(name)), 'A') || setweight(to_tsvector('french', immutable_unaccent(genre)), 'B') || setweight(to_tsvector('french', immutable_unaccent(jsonb_path_query_array(bio, 'strict $.**.text')::text)), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ticketing" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('french', immutable_unaccent(title)), 'A') || setweight(to_tsvector('french', immutable_unaccent(venue || ' ' || city || ' ' || category)), 'B') || setweight(to_tsvector('french', immutable_unaccent(summary)), 'C') || setweight(to_tsvector('french', immutable_unaccent(jsonb_path_query_array(description, 'strict $.**.text')::text)), 'D')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_word_trgm_idx" ON "search_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offer_valid_until_idx" ON "offer" USING btree ("valid_until","id");--> statement-breakpoint
CREATE INDEX "offer_price_from_idx" ON "offer" USING btree ("price_from","id");--> statement-breakpoint
CREATE INDEX "offer_discount_rate_idx" ON "offer" USING btree ("best_discount_rate","id");--> statement-breakpoint
CREATE INDEX "offer_search_idx" ON "offer" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "performer_search_idx" ON "performer" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "ticketing_search_idx" ON "ticketing" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_best_discount_type_check" CHECK ("offer"."best_discount_type" IN ('FIXED', 'PERCENTAGE'));