-- Each API process caches learners' progress answers (academy/progress-cache.ts). The process that
-- saves forgets them itself; these triggers tell the other processes: one notification per
-- statement with the distinct users it touched (a group-commit batch is one statement), or '*'
-- when there are too many for a payload (8000 bytes), e.g. an operator's bulk update.
CREATE FUNCTION "notify_progress_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text;
  how_many int;
BEGIN
  SELECT string_agg(DISTINCT user_id::text, ','), count(DISTINCT user_id) INTO touched, how_many FROM changed_rows;
  IF how_many > 150 THEN
    PERFORM pg_notify('alcancia_progress_changed', '*');
  ELSIF how_many > 0 THEN
    PERFORM pg_notify('alcancia_progress_changed', touched);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "section_progress_inserted" AFTER INSERT ON "section_progress"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_progress_changed"();
--> statement-breakpoint
CREATE TRIGGER "section_progress_updated" AFTER UPDATE ON "section_progress"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_progress_changed"();
--> statement-breakpoint
CREATE TRIGGER "section_progress_deleted" AFTER DELETE ON "section_progress"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_progress_changed"();
--> statement-breakpoint
CREATE TRIGGER "course_progress_inserted" AFTER INSERT ON "course_progress"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_progress_changed"();
--> statement-breakpoint
CREATE TRIGGER "course_progress_updated" AFTER UPDATE ON "course_progress"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_progress_changed"();
--> statement-breakpoint
CREATE TRIGGER "course_progress_deleted" AFTER DELETE ON "course_progress"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_progress_changed"();
