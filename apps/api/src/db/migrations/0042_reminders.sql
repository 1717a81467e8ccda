CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"action" text NOT NULL,
	"text" text NOT NULL,
	"source" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"delivery_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "reminder_sends_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"channel" text,
	"days" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"hour" integer DEFAULT 19 NOT NULL,
	"quiet_start" integer,
	"quiet_end" integer,
	"whatsapp_phone" text,
	"whatsapp_confirmed_at" timestamp with time zone,
	"pending_phone" text,
	"pending_code_hash" text,
	"pending_code_expires_at" timestamp with time zone,
	"pending_code_attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_hour" CHECK ("reminder_settings"."hour" between 0 and 23),
	CONSTRAINT "reminder_settings_quiet" CHECK (("reminder_settings"."quiet_start" is null and "reminder_settings"."quiet_end" is null) or ("reminder_settings"."quiet_start" between 0 and 23 and "reminder_settings"."quiet_end" between 0 and 23))
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_consents" ADD CONSTRAINT "reminder_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reminder_consents_user_idx" ON "reminder_consents" USING btree ("user_id","channel","id");--> statement-breakpoint
CREATE INDEX "reminder_sends_pending_idx" ON "reminder_sends" USING btree ("next_attempt_at") WHERE "reminder_sends"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reminder_sends_message_idx" ON "reminder_sends" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "reminder_settings_whatsapp_idx" ON "reminder_settings" USING btree ("whatsapp_phone");--> statement-breakpoint
-- reminder_consents is append-only: a row, once written, is never changed (issue 44).
CREATE FUNCTION "reminder_consents_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'reminder_consents is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "reminder_consents_no_update" BEFORE UPDATE ON "reminder_consents" FOR EACH ROW
  EXECUTE FUNCTION "reminder_consents_append_only"();
