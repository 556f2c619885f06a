-- What runs now, read from the index alone. The GiST index on the period found the running ticketings slowly
-- at 1M rows (its boxes overlap: 5 ms to find 1,226), and PostgreSQL crossed it with every row of the country
-- that had started (a bitmap of 300,000 entries, 21 of the listing's 23 ms; bench/REPORT.md). SP-GiST finds
-- them in 0.4 ms, and INCLUDE carries what the listing filters and returns, so no table row is read.
-- The range is (starts_at, ends_at]: « started before now and not over » in one operator, without the extra
-- `starts_at < now` that invited the crossing. SP-GiST takes INCLUDE from PostgreSQL 14.
DROP INDEX "ticketing_running_idx";--> statement-breakpoint
CREATE INDEX "ticketing_running_idx" ON "ticketing" USING spgist (tstzrange("starts_at", "ends_at", '(]')) INCLUDE ("country", "city_slug", "category", "starts_at", "ends_at", "id") WHERE "ticketing"."status" = 'PUBLISHED';
