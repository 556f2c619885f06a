DROP INDEX "offer_title_trgm_idx";--> statement-breakpoint
DROP INDEX "performer_name_trgm_idx";--> statement-breakpoint
DROP INDEX "ticketing_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "offer_title_search_idx" ON "offer" USING gin (immutable_unaccent(lower("title")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "performer_name_search_idx" ON "performer" USING gin (immutable_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticketing_running_idx" ON "ticketing" USING gist (tstzrange("starts_at", "ends_at", '[]')) WHERE "ticketing"."status" = 'PUBLISHED';--> statement-breakpoint
CREATE INDEX "ticketing_title_search_idx" ON "ticketing" USING gin (immutable_unaccent(lower("title")) gin_trgm_ops);