CREATE TABLE "checkout_submissions" (
	"user_id" uuid NOT NULL,
	"checkout" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status_code" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_submissions_user_id_checkout_idempotency_key_pk" PRIMARY KEY("user_id","checkout","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "free_trials" ADD COLUMN "card_key" text;--> statement-breakpoint
ALTER TABLE "checkout_submissions" ADD CONSTRAINT "checkout_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_trials_card_key" ON "free_trials" USING btree ("card_key");