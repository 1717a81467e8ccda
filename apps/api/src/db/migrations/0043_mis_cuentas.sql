CREATE TABLE "pfm_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"opening_balance_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pfm_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"closing_day" integer NOT NULL,
	"due_day" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pfm_cards_days" CHECK ("pfm_cards"."closing_day" between 1 and 31 and "pfm_cards"."due_day" between 1 and 31)
);
--> statement-breakpoint
CREATE TABLE "pfm_installments" (
	"purchase_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"statement_closing" date NOT NULL,
	CONSTRAINT "pfm_installments_purchase_id_number_pk" PRIMARY KEY("purchase_id","number")
);
--> statement-breakpoint
CREATE TABLE "pfm_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"occurred_on" date NOT NULL,
	"description" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pfm_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"occurred_on" date NOT NULL,
	"description" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"installments" integer NOT NULL,
	"annual_rate_percent" text DEFAULT '0' NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pfm_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contains" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pfm_statement_payments" (
	"card_id" uuid NOT NULL,
	"statement_closing" date NOT NULL,
	"user_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"paid_minor" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pfm_statement_payments_card_id_statement_closing_pk" PRIMARY KEY("card_id","statement_closing")
);
--> statement-breakpoint
ALTER TABLE "pfm_accounts" ADD CONSTRAINT "pfm_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pfm_cards" ADD CONSTRAINT "pfm_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pfm_installments" ADD CONSTRAINT "pfm_installments_purchase_id_pfm_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."pfm_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pfm_installments" ADD CONSTRAINT "pfm_installments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pfm_installments" ADD CONSTRAINT "pfm_installments_card_id_pfm_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."pfm_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pfm_movements" ADD CONSTRAINT "pfm_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pfm_movements" ADD CONSTRAINT "pfm_movements_account_id_pfm_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."pfm_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pfm_purchases" ADD CONSTRAINT "pfm_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pfm_purchases" ADD CONSTRAINT "pfm_purchases_card_id_pfm_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."pfm_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pfm_rules" ADD CONSTRAINT "pfm_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pfm_statement_payments" ADD CONSTRAINT "pfm_statement_payments_card_id_pfm_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."pfm_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pfm_statement_payments" ADD CONSTRAINT "pfm_statement_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pfm_accounts_user_idx" ON "pfm_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pfm_cards_user_idx" ON "pfm_cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pfm_installments_card_statement_idx" ON "pfm_installments" USING btree ("card_id","statement_closing");--> statement-breakpoint
CREATE INDEX "pfm_movements_user_day_idx" ON "pfm_movements" USING btree ("user_id","occurred_on");--> statement-breakpoint
CREATE INDEX "pfm_movements_account_idx" ON "pfm_movements" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "pfm_purchases_card_idx" ON "pfm_purchases" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "pfm_rules_user_idx" ON "pfm_rules" USING btree ("user_id");--> statement-breakpoint
-- Mis Cuentas (issue 43): the PFM service control, on (decision 0340); operators turn it off in Interruptores.
INSERT INTO "service_controls" ("name", "enabled", "resource", "reference") VALUES ('PFM', true, NULL, NULL)
ON CONFLICT ("name") DO NOTHING;
