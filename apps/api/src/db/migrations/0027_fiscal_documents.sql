CREATE TABLE "fiscal_access_tickets" (
	"service" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"sign" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payment_id" bigint NOT NULL,
	"refund_id" bigint,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount_centavos" integer NOT NULL,
	"voucher_type" integer,
	"point_of_sale" integer,
	"number" integer,
	"issued_on" date,
	"net_centavos" integer,
	"vat_centavos" integer,
	"doc_type" integer DEFAULT 99 NOT NULL,
	"doc_number" text DEFAULT '0' NOT NULL,
	"receiver_vat_condition" integer DEFAULT 5 NOT NULL,
	"cae" text,
	"cae_due_date" date,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"last_error" text,
	"issued_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_invoice_key" ON "fiscal_documents" USING btree ("payment_id") WHERE "fiscal_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_refund_key" ON "fiscal_documents" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_number_key" ON "fiscal_documents" USING btree ("point_of_sale","voucher_type","number");--> statement-breakpoint
CREATE INDEX "fiscal_documents_due_idx" ON "fiscal_documents" USING btree ("next_attempt_at") WHERE "fiscal_documents"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "fiscal_documents_created_idx" ON "fiscal_documents" USING btree ("created_at");