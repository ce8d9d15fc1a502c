-- The member's language, for the security notices sent to them (a password reset or change, a burst
-- of failed sign-ins: docs/decisions/0030 and 0031) whoever triggered them. Members who saved alert
-- settings start with the language of those; the others with the default, until they next sign in.
ALTER TABLE "member_users" ADD COLUMN "locale" text DEFAULT 'zh-CN' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_users" ADD CONSTRAINT "member_users_locale" CHECK ("member_users"."locale" in ('zh-CN', 'en'));--> statement-breakpoint
UPDATE "member_users" SET "locale" = "alert_settings"."locale" FROM "alert_settings" WHERE "alert_settings"."user_id" = "member_users"."id" AND "alert_settings"."locale" IN ('zh-CN', 'en');
