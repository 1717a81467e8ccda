CREATE TABLE "aladina_passages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"section_id" text,
	"kind" text NOT NULL,
	"start_ms" integer,
	"end_ms" integer,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aladina_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question" text NOT NULL,
	"outcome" text NOT NULL,
	"course_id" text,
	"rating" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aladina_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"section_id" text NOT NULL,
	"at_seconds" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aladina_passages" ADD CONSTRAINT "aladina_passages_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aladina_passages" ADD CONSTRAINT "aladina_passages_section_id_course_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aladina_questions" ADD CONSTRAINT "aladina_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aladina_questions" ADD CONSTRAINT "aladina_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_notes" ADD CONSTRAINT "class_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_notes" ADD CONSTRAINT "class_notes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_notes" ADD CONSTRAINT "class_notes_section_id_course_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aladina_passages_section_idx" ON "aladina_passages" USING btree ("section_id","start_ms");--> statement-breakpoint
CREATE INDEX "aladina_questions_created_idx" ON "aladina_questions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "aladina_questions_user_idx" ON "aladina_questions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "class_notes_user_course_idx" ON "class_notes" USING btree ("user_id","course_id","section_id","at_seconds");--> statement-breakpoint
CREATE INDEX "class_notes_user_updated_idx" ON "class_notes" USING btree ("user_id","updated_at");--> statement-breakpoint
-- Aladina's retrieval (decision 0320): Spanish full-text search over unaccented text, and the
-- passages' words under a trigram index to correct a misspelt query word. Both extensions are
-- trusted (PostgreSQL 13+: a database owner may create them) and PGlite loads them from its
-- contrib bundles (db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is STABLE (it reads a dictionary); an IMMUTABLE wrapper naming its dictionary lets
-- indexes and stored columns use it.
CREATE OR REPLACE FUNCTION aladina_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
ALTER TABLE "aladina_passages" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  to_tsvector('spanish', aladina_unaccent("body"))
) STORED;
--> statement-breakpoint
CREATE INDEX "aladina_passages_search_idx" ON "aladina_passages" USING gin ("search");
--> statement-breakpoint
CREATE INDEX "aladina_terms_trgm_idx" ON "aladina_terms" USING gin ("term" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "class_notes_body_trgm_idx" ON "class_notes" USING gin (aladina_unaccent("body") gin_trgm_ops);
--> statement-breakpoint
-- The switch exists from here on, off (production); the demo seed turns it on.
INSERT INTO "service_controls" ("name", "enabled", "resource", "reference") VALUES
  ('ALADINA', false, NULL, NULL)
ON CONFLICT ("name") DO NOTHING;
