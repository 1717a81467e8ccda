CREATE TABLE "entitlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"plan_id" text,
	"weight" integer,
	"product_id" text,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"queued" boolean DEFAULT false NOT NULL,
	"length_months" integer DEFAULT 0 NOT NULL,
	"length_days" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"origin" text,
	"order_id" uuid,
	"payment_id" bigint,
	"promo_code_redemption_id" bigint,
	"operator_id" uuid,
	"state" text DEFAULT 'active' NOT NULL,
	"ended_reason" text,
	"ended_at" timestamp with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_promo_code_redemption_id_promo_code_redemptions_id_fk" FOREIGN KEY ("promo_code_redemption_id") REFERENCES "public"."promo_code_redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entitlements_user_idx" ON "entitlements" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_order_key" ON "entitlements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "entitlements_payment_idx" ON "entitlements" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "entitlements_live_plan_bounds_idx" ON "entitlements" USING btree ("starts_on","ends_on") WHERE "entitlements"."state" = 'active' and "entitlements"."kind" = 'plan';