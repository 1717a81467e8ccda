CREATE TABLE "subscription_price_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"frequency" text NOT NULL,
	"from_centavos" integer NOT NULL,
	"to_centavos" integer NOT NULL,
	"effective_on" date NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_price_changes" ADD CONSTRAINT "subscription_price_changes_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_price_changes_one_scheduled" ON "subscription_price_changes" USING btree ("order_id") WHERE "subscription_price_changes"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "subscription_price_changes_due_idx" ON "subscription_price_changes" USING btree ("effective_on") WHERE "subscription_price_changes"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "analytics_events_event_received_idx" ON "analytics_events" USING btree ("event","received_at");--> statement-breakpoint
CREATE INDEX "course_progress_started_idx" ON "course_progress" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "course_progress_finished_idx" ON "course_progress" USING btree ("finished_at") WHERE "course_progress"."finished_at" is not null;--> statement-breakpoint
CREATE INDEX "free_trials_created_idx" ON "free_trials" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_kind_created_idx" ON "payment_orders" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_cancelled_idx" ON "payment_orders" USING btree ("cancelled_at") WHERE "payment_orders"."cancelled_at" is not null;--> statement-breakpoint
CREATE INDEX "payment_refunds_succeeded_idx" ON "payment_refunds" USING btree ("succeeded_at") WHERE "payment_refunds"."succeeded_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_approved_idx" ON "payments" USING btree ("approved_at") WHERE "payments"."approved_at" is not null;--> statement-breakpoint
CREATE INDEX "users_email_verified_idx" ON "users" USING btree ("email_verified_at") WHERE "users"."email_verified_at" is not null;