ALTER TABLE "payment_orders" ADD COLUMN "card_expiration_month" integer;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "card_expiration_year" integer;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "provider_card_id" text;