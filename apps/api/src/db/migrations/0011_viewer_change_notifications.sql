-- The API caches each user's subscription and purchases in process (academy/viewer.ts).
-- These triggers tell every API process, on the channel it listens to, which user changed:
-- PostgreSQL delivers the notification when the transaction commits (never if it rolls back),
-- whatever wrote the row (the API, a migration, an operator in psql). (users: only UPDATE and
-- DELETE fire, so OLD is always there; a new user has nothing cached.)
CREATE FUNCTION "notify_viewer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('alcancia_viewer_changed', OLD.id::text);
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('alcancia_viewer_changed', OLD.user_id::text); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('alcancia_viewer_changed', NEW.user_id::text); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_viewer_changed" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.subscription_end_date IS DISTINCT FROM NEW.subscription_end_date
     OR OLD.subscription_plan_id IS DISTINCT FROM NEW.subscription_plan_id
     OR OLD.private_community_access IS DISTINCT FROM NEW.private_community_access)
  EXECUTE FUNCTION "notify_viewer_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_viewer_deleted" AFTER DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION "notify_viewer_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_purchases_viewer_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_purchases" FOR EACH ROW
  EXECUTE FUNCTION "notify_viewer_changed"();
--> statement-breakpoint
-- Plans and their prices are cached too (the plan list); any change to them forgets the content caches.
CREATE FUNCTION "notify_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('alcancia_content_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscription_plans_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscription_plans"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "provider_plans_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "provider_plans"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "pack_items_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pack_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
