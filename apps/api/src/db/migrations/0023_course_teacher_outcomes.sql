ALTER TABLE "courses" ADD COLUMN "teacher" jsonb;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL;