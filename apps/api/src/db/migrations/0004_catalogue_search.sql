-- Accent-insensitive Spanish full-text search over the catalogue ("inversion" finds "Inversión").
-- unaccent() is an extension and not IMMUTABLE, so generated columns cannot use it; this plain
-- SQL function folds the Spanish accents and ñ and works the same on PGlite and the server.
CREATE OR REPLACE FUNCTION alcancia_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  AS $$ SELECT translate(lower(value), 'áéíóúüñàèìòùâêîôûäëïö', 'aeiouunaeiouaeiouaeio') $$;
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('spanish', alcancia_fold("name")), 'A') ||
  setweight(to_tsvector('spanish', alcancia_fold(coalesce("description", ''))), 'B') ||
  setweight(to_tsvector('spanish', alcancia_fold(coalesce("long_description", ''))), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "courses_search_idx" ON "courses" USING gin ("search_vector");
