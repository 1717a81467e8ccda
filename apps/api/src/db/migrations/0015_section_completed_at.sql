ALTER TABLE "section_progress" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: sections completed before the column existed get their last save as the best known time.
UPDATE "section_progress" SET "completed_at" = "updated_at" WHERE "complete_fraction" >= 1 AND "completed_at" IS NULL;
