-- Accent-insensitive and fuzzy search (deals, artists, ticketings). Installed in public so that
-- a run using its own schema (search_path = run_schema, public) still finds the operators.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
