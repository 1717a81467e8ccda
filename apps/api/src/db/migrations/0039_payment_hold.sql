ALTER TABLE "payments" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "held_reason" text;--> statement-breakpoint
CREATE INDEX "payments_held_idx" ON "payments" USING btree ("held_at") WHERE "payments"."held_at" is not null;