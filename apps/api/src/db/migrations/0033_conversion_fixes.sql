-- What migrations 0026 and 0032 got wrong, found by converting a copy of every kind of account
-- (entitlements/conversion.test.ts). 1. 0026 named a grant 'card' when no card agreement was found
-- but she had redeemed a promo code some time: without an agreement it is access from before the
-- grants ('legacy', "Acceso anterior"), which her first card agreement adopts (decision 0090).
UPDATE "entitlements" SET "source" = 'legacy', "updated_at" = now()
 WHERE "kind" = 'plan' AND "source" = 'card' AND "order_id" IS NULL AND "details" ->> 'migrated' = 'true';
--> statement-breakpoint
-- 2. 0032 made a live grant of every user_purchases row, also of deleted accounts (their rows stay):
-- those end as decision 0094 says, reason account_deleted, on the day before the deletion.
UPDATE "entitlements" e
   SET "state" = 'ended', "ended_reason" = 'account_deleted', "ended_at" = u."deleted_at",
       "ends_on" = least(coalesce(e."ends_on", ((u."deleted_at" AT TIME ZONE 'America/Argentina/Buenos_Aires')::date - 1)),
                         ((u."deleted_at" AT TIME ZONE 'America/Argentina/Buenos_Aires')::date - 1)),
       "updated_at" = now()
  FROM "users" u
 WHERE u."id" = e."user_id" AND u."deleted_at" IS NOT NULL AND e."state" = 'active';
