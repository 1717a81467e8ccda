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
CREATE INDEX "entitlements_live_plan_bounds_idx" ON "entitlements" USING btree ("starts_on","ends_on") WHERE "entitlements"."state" = 'active' and "entitlements"."kind" = 'plan';--> statement-breakpoint
-- Today's data as grants (issue 27): each account's end date and plan becomes one plan grant, with
-- the best source found: her latest card agreement (and its first approved charge), her latest paid
-- guest membership, her promo code's free period; otherwise 'legacy'.
INSERT INTO "entitlements" ("user_id", "kind", "plan_id", "weight", "starts_on", "ends_on", "source", "origin", "order_id", "payment_id", "promo_code_redemption_id", "details")
SELECT u."id", 'plan', u."subscription_plan_id", coalesce(p."weight", 0),
       least(coalesce((src."created_at" AT TIME ZONE 'America/Argentina/Buenos_Aires')::date, (u."created_at" AT TIME ZONE 'America/Argentina/Buenos_Aires')::date), u."subscription_end_date"),
       u."subscription_end_date",
       CASE WHEN src."id" IS NULL AND red."id" IS NULL THEN 'legacy'
            WHEN u."last_service_origin" = 'PROMO_CODE' THEN 'promo_code'
            WHEN src."kind" = 'guest_tier' THEN 'guest_purchase'
            ELSE 'card' END,
       u."last_service_origin", src."id",
       (SELECT pay."id" FROM "payments" pay WHERE pay."order_id" = src."id" AND pay."status" = 'approved' ORDER BY pay."approved_at", pay."id" LIMIT 1),
       CASE WHEN u."last_service_origin" = 'PROMO_CODE' THEN red."id" END,
       jsonb_build_object('migrated', true)
  FROM "users" u
  LEFT JOIN "subscription_plans" p ON p."id" = u."subscription_plan_id"
  LEFT JOIN LATERAL (
    SELECT o."id", o."kind", o."created_at" FROM "payment_orders" o
     WHERE o."user_id" = u."id"
       AND ((u."last_service_origin" = 'CARD' AND o."kind" = 'subscription' AND o."status" IN ('active', 'cancelled', 'expired'))
         OR (u."last_service_origin" = 'GUEST_PURCHASE' AND o."kind" = 'guest_tier' AND o."status" = 'paid'))
     ORDER BY o."created_at" DESC LIMIT 1
  ) src ON true
  LEFT JOIN LATERAL (
    SELECT r."id" FROM "promo_code_redemptions" r
     WHERE r."user_id" = u."id" AND r."granted_until" IS NOT NULL
     ORDER BY r."created_at" DESC LIMIT 1
  ) red ON true
 WHERE u."subscription_end_date" IS NOT NULL AND u."deleted_at" IS NULL;
