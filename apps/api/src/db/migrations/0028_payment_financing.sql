ALTER TABLE "payments" ADD COLUMN "total_paid_centavos" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "installment_centavos" integer;