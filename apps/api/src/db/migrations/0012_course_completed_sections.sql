-- Completed sections per started course, kept by the progress saves, so that only a save that may
-- have completed the course runs the exact finish check (progress-writer.ts). Filled once here
-- from the progress already stored.
ALTER TABLE "course_progress" ADD COLUMN "completed_sections" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "course_progress" cp SET "completed_sections" = (
  SELECT count(*) FROM "section_progress" sp
    JOIN "course_sections" s ON s.id = sp.section_id AND s.type <> 'EMPTY'
   WHERE sp.user_id = cp.user_id AND sp.course_id = cp.course_id AND sp.complete_fraction >= 1
);
