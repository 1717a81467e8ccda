ALTER TABLE "course_sections" ADD COLUMN "captions_vtt" text;--> statement-breakpoint
ALTER TABLE "course_sections" ADD COLUMN "captions_hash" text;