-- Every database (production included) starts with the operator switches in place, in their
-- safe defaults; operators change rows, never create them. The demo seed turns some on.
-- Social logins are "enabled" but only answer enabled when the provider is configured.
INSERT INTO "service_controls" ("name", "enabled", "resource", "reference") VALUES
  ('COMMUNITY', false, NULL, NULL),
  ('CHAT_BOT', false, NULL, 'CHAT_CUSTOMGPT'),
  ('SOCIAL_LOGIN_GOOGLE', true, NULL, NULL),
  ('SOCIAL_LOGIN_FACEBOOK', true, NULL, NULL),
  ('SUBSCRIPTION_CHECKOUT_PROVIDER', true, 'MP', NULL)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "feature_flags" ("name", "enabled") VALUES
  ('enableMonthlySubscriptionPurchase', false),
  ('enableAnnualSubscriptionPurchase', false)
ON CONFLICT ("name") DO NOTHING;
