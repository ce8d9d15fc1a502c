CREATE TABLE "site_package_prices" (
	"site_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"original_price_fen" integer,
	CONSTRAINT "site_package_prices_site_id_package_id_pk" PRIMARY KEY("site_id","package_id"),
	CONSTRAINT "site_package_prices_positive" CHECK ("site_package_prices"."price_fen" > 0),
	CONSTRAINT "site_package_prices_original" CHECK ("site_package_prices"."original_price_fen" is null or "site_package_prices"."original_price_fen" >= "site_package_prices"."price_fen")
);
--> statement-breakpoint
CREATE TABLE "site_tier_prices" (
	"site_id" integer NOT NULL,
	"min_gb" integer NOT NULL,
	"unit_price_fen" integer NOT NULL,
	CONSTRAINT "site_tier_prices_site_id_min_gb_pk" PRIMARY KEY("site_id","min_gb"),
	CONSTRAINT "site_tier_prices_positive" CHECK ("site_tier_prices"."min_gb" > 0 and "site_tier_prices"."unit_price_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "site_static_prices" (
	"site_id" integer NOT NULL,
	"resource_type" smallint NOT NULL,
	"days" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"original_price_fen" integer,
	CONSTRAINT "site_static_prices_site_id_resource_type_days_pk" PRIMARY KEY("site_id","resource_type","days"),
	CONSTRAINT "site_static_prices_positive" CHECK ("site_static_prices"."price_fen" > 0),
	CONSTRAINT "site_static_prices_original" CHECK ("site_static_prices"."original_price_fen" is null or "site_static_prices"."original_price_fen" >= "site_static_prices"."price_fen")
);
--> statement-breakpoint
ALTER TABLE "member_users" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "static_orders" ADD COLUMN "site_id" integer;--> statement-breakpoint
-- Existing members and their orders belong to the default site (decision 0027). The seed creates
-- it at every start; a database with members but no default site yet gets a bare one here, which
-- the operator completes with `ops site set`.
INSERT INTO "site_settings" ("domain", "is_default", "name", "logo_url", "service_hours")
SELECT 'novaproxy.com', true, '{"en":"NovaProxy","zh-CN":"诺瓦代理"}'::jsonb, '/logo.svg', '{"en":"24/7","zh-CN":"7×24 小时"}'::jsonb
WHERE EXISTS (SELECT 1 FROM "member_users") AND NOT EXISTS (SELECT 1 FROM "site_settings" WHERE "is_default")
ON CONFLICT ("domain") DO UPDATE SET "is_default" = true;--> statement-breakpoint
UPDATE "member_users" SET "site_id" = (SELECT "id" FROM "site_settings" WHERE "is_default");--> statement-breakpoint
UPDATE "recharge_orders" o SET "site_id" = u."site_id" FROM "member_users" u WHERE u."id" = o."user_id";--> statement-breakpoint
UPDATE "static_orders" o SET "site_id" = u."site_id" FROM "member_users" u WHERE u."id" = o."user_id";--> statement-breakpoint
ALTER TABLE "member_users" ALTER COLUMN "site_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recharge_orders" ALTER COLUMN "site_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "static_orders" ALTER COLUMN "site_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "site_package_prices" ADD CONSTRAINT "site_package_prices_site_id_site_settings_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_package_prices" ADD CONSTRAINT "site_package_prices_package_id_flow_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."flow_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_tier_prices" ADD CONSTRAINT "site_tier_prices_site_id_site_settings_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_static_prices" ADD CONSTRAINT "site_static_prices_site_id_site_settings_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_static_prices" ADD CONSTRAINT "site_static_prices_duration" FOREIGN KEY ("resource_type","days") REFERENCES "public"."static_durations"("resource_type","days") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_users" ADD CONSTRAINT "member_users_site_id_site_settings_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_site_id_site_settings_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_orders" ADD CONSTRAINT "static_orders_site_id_site_settings_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Price overrides are read through the catalogue cache like the prices themselves (cache/invalidation.ts).
CREATE TRIGGER "site_package_prices_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_package_prices" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('prices');
--> statement-breakpoint
CREATE TRIGGER "site_tier_prices_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_tier_prices" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('prices');
--> statement-breakpoint
CREATE TRIGGER "site_static_prices_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_static_prices" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('prices');
--> statement-breakpoint
CREATE TRIGGER "static_durations_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "static_durations" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('prices');
