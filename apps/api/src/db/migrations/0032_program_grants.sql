-- Decision 0095: every program or pack she owns (user_purchases, the cache the learner's reads use)
-- becomes a grant of its own, with what gave it: an order (program_purchase), a free code
-- (promo_code), an operator, or legacy when the row does not say.
INSERT INTO "entitlements" ("user_id", "kind", "product_id", "starts_on", "ends_on", "source", "order_id", "payment_id", "operator_id", "details")
SELECT
  up."user_id",
  CASE WHEN up."product_type" = 'packs' THEN 'pack' ELSE 'program' END,
  up."product_id",
  (up."created_at" AT TIME ZONE 'America/Argentina/Buenos_Aires')::date,
  NULL,
  CASE
    WHEN o."id" IS NOT NULL THEN 'program_purchase'
    WHEN up."source" LIKE 'promo:%' THEN 'promo_code'
    WHEN up."source" LIKE 'admin:%' THEN 'operator'
    ELSE 'legacy'
  END,
  o."id",
  (SELECT min(p."id") FROM "payments" p WHERE p."order_id" = o."id" AND p."granted_at" IS NOT NULL),
  CASE
    WHEN up."source" ~ '^admin:[0-9a-fA-F-]{36}$' THEN substring(up."source" FROM 7)::uuid
    ELSE NULL
  END,
  jsonb_build_object('fromUserPurchases', up."source")
FROM "user_purchases" up
LEFT JOIN "payment_orders" o
  ON o."id" = CASE
    WHEN up."source" ~ '^order:[0-9a-fA-F-]{36}$' THEN substring(up."source" FROM 7)::uuid
  END
  AND NOT EXISTS (SELECT 1 FROM "entitlements" e WHERE e."order_id" = o."id")
WHERE up."product_type" IN ('programs', 'packs')
  AND NOT EXISTS (
    SELECT 1 FROM "entitlements" e
    WHERE e."user_id" = up."user_id"
      AND e."kind" IN ('program', 'pack')
      AND e."product_id" = up."product_id"
      AND e."state" = 'active'
  );
