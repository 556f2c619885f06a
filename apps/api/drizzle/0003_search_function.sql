-- unaccent() is only STABLE (its dictionary could change), so PostgreSQL refuses it in an index
-- expression. This wrapper names the dictionary explicitly and is declared IMMUTABLE, which lets the
-- trigram indexes be built on immutable_unaccent(lower(...)) and serve accent-insensitive searches.
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
