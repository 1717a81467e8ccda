CREATE TABLE "app_handoff_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"next_path" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"classes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learning_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "news_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"cover_url" text,
	"cover_alt" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"link_course_id" text,
	"link_section_id" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_goals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_goals_target_positive" CHECK ("weekly_goals"."target" > 0)
);
--> statement-breakpoint
ALTER TABLE "app_handoff_codes" ADD CONSTRAINT "app_handoff_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_days" ADD CONSTRAINT "learning_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_posts" ADD CONSTRAINT "news_posts_link_course_id_courses_id_fk" FOREIGN KEY ("link_course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_posts" ADD CONSTRAINT "news_posts_link_section_id_course_sections_id_fk" FOREIGN KEY ("link_section_id") REFERENCES "public"."course_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_goals" ADD CONSTRAINT "weekly_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_handoff_codes_expires_idx" ON "app_handoff_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "news_posts_published_idx" ON "news_posts" USING btree ("published_at") WHERE published_at is not null;--> statement-breakpoint
-- Issue 44 (decision 0351): what she studied each Buenos Aires day, from her progress saves, in
-- their own transaction. Only a save that advances (more seconds seen, a class newly completed)
-- writes; the progress writer's statement is unchanged.
CREATE FUNCTION "learning_days_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added integer := NEW.viewed_seconds;
  done integer := 0;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    added := NEW.viewed_seconds - OLD.viewed_seconds;
    IF OLD.completed_at IS NULL AND NEW.completed_at IS NOT NULL THEN done := 1; END IF;
  ELSIF NEW.completed_at IS NOT NULL THEN
    done := 1;
  END IF;
  IF added > 0 OR done > 0 THEN
    INSERT INTO "learning_days" ("user_id", "day", "seconds", "classes")
    VALUES (NEW.user_id, (now() AT TIME ZONE 'America/Argentina/Buenos_Aires')::date, greatest(added, 0), done)
    ON CONFLICT ("user_id", "day") DO UPDATE SET
      "seconds" = "learning_days"."seconds" + excluded."seconds",
      "classes" = "learning_days"."classes" + excluded."classes";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER section_progress_learning_days_insert AFTER INSERT ON section_progress
  FOR EACH ROW EXECUTE FUNCTION "learning_days_record"();
--> statement-breakpoint
CREATE TRIGGER section_progress_learning_days_update AFTER UPDATE ON section_progress
  FOR EACH ROW WHEN (NEW.viewed_seconds > OLD.viewed_seconds OR (OLD.completed_at IS NULL AND NEW.completed_at IS NOT NULL))
  EXECUTE FUNCTION "learning_days_record"();
--> statement-breakpoint
-- Novedades is her home (issue 44): on from the start; an operator turns it off for the greeting.
INSERT INTO "service_controls" ("name", "enabled", "resource", "reference") VALUES ('NEWS', true, NULL, NULL)
ON CONFLICT ("name") DO NOTHING;
