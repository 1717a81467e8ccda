ALTER TABLE "courses" ADD COLUMN "checkout_provider" text DEFAULT 'MP' NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "program_ids" text[] DEFAULT '{}'::text[] NOT NULL;