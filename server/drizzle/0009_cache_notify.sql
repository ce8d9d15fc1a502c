-- Cache invalidation (server/src/cache/invalidation.ts): a statement that changes a table some
-- instance caches sends NOTIFY portal_cache '<tag>', delivered at commit to every instance that
-- LISTENs, whichever process or tool made the change.
CREATE OR REPLACE FUNCTION "portal_cache_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_cache', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "redirect_rules_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "redirect_rules" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('redirects');
--> statement-breakpoint
CREATE TRIGGER "site_settings_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('site-settings');
--> statement-breakpoint
CREATE TRIGGER "flow_packages_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "flow_packages" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('prices');
--> statement-breakpoint
CREATE TRIGGER "custom_traffic_rules_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "custom_traffic_rules" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('prices');
--> statement-breakpoint
CREATE TRIGGER "blog_posts_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('posts');
--> statement-breakpoint
CREATE TRIGGER "help_docs_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "help_docs" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('help');
