CREATE TABLE "free_trials" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"card_fingerprint" text,
	"plan_id" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "free_trials" ADD CONSTRAINT "free_trials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_trials" ADD CONSTRAINT "free_trials_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_trials_user_idx" ON "free_trials" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "free_trials_card_idx" ON "free_trials" USING btree ("card_fingerprint");--> statement-breakpoint
-- Hand-written: trials given before this table existed count as had by their accounts.
INSERT INTO "free_trials" ("user_id", "plan_id", "order_id", "created_at")
SELECT "user_id", "item_id", "id", "created_at" FROM "payment_orders"
 WHERE "kind" = 'subscription' AND "user_id" IS NOT NULL
   AND jsonb_typeof("details" -> 'freeTrial') = 'object'
   AND "status" IN ('active', 'replaced', 'cancelled');
