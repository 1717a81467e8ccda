ALTER TABLE "users" ADD COLUMN "learning_goals" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "knowledge_level" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "interests_pending" boolean DEFAULT false NOT NULL;