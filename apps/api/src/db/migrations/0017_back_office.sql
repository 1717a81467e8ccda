CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "batch_id" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "mfa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "operator_recovery_codes" ADD CONSTRAINT "operator_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_recovery_codes_hash_key" ON "operator_recovery_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "operator_recovery_codes_user_idx" ON "operator_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "promo_codes_batch_idx" ON "promo_codes" USING btree ("batch_id") WHERE "promo_codes"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "promo_codes_created_idx" ON "promo_codes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role") WHERE "users"."role" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" is null or "users"."role" in ('admin', 'editor', 'support'));--> statement-breakpoint
-- The audit log is append-only: whatever connects (the API, a migration, someone in psql), an
-- entry once written is neither changed nor removed.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW
  EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT
  EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
-- Member search of the back office: name (accents and case folded by alcancia_fold, migration
-- 0004), the e-mail whole and in pieces, and the phone's digits whole and as its last 10 and 8
-- digits (what people type for an Argentine number), matched by word prefix through a GIN index.
ALTER TABLE "users" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (
  to_tsvector('simple',
    alcancia_fold("name") || ' ' || "email" || ' ' || translate("email", '@.-_+', '     ') || ' ' ||
    coalesce(regexp_replace("telephone", '\D', '', 'g'), '') || ' ' ||
    coalesce(right(regexp_replace("telephone", '\D', '', 'g'), 10), '') || ' ' ||
    coalesce(right(regexp_replace("telephone", '\D', '', 'g'), 8), ''))
) STORED;
--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_document");
--> statement-breakpoint
-- Lookups of the back office's member page and promo codes (hand-written like the search index,
-- outside schema.ts): a member's last analytics events, who used a code, the refunds given up.
CREATE INDEX "analytics_events_user_idx" ON "analytics_events" USING btree ("user_id", "received_at") WHERE "user_id" is not null;
--> statement-breakpoint
CREATE INDEX "promo_code_redemptions_code_idx" ON "promo_code_redemptions" USING btree ("promo_code_id", "created_at");
--> statement-breakpoint
CREATE INDEX "payment_refunds_failed_idx" ON "payment_refunds" USING btree ("updated_at") WHERE "status" = 'FAILED';
