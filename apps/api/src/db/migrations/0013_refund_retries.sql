ALTER TABLE "payment_refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "expected_refunded_centavos" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "payer_email" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "succeeded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_idempotency_key" ON "payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_due_idx" ON "payment_refunds" USING btree ("next_attempt_at") WHERE "payment_refunds"."status" = 'PENDING';