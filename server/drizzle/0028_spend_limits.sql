CREATE TABLE "proxy_spend" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"daily_limit_mb" bigint,
	"monthly_limit_mb" bigint,
	"day_used_bytes" bigint DEFAULT 0 NOT NULL,
	"usage_day" timestamp with time zone,
	"month_used_bytes" bigint DEFAULT 0 NOT NULL,
	"usage_month" timestamp with time zone,
	CONSTRAINT "proxy_spend_limits" CHECK (("proxy_spend"."daily_limit_mb" is null or "proxy_spend"."daily_limit_mb" > 0) and ("proxy_spend"."monthly_limit_mb" is null or "proxy_spend"."monthly_limit_mb" > 0)),
	CONSTRAINT "proxy_spend_used" CHECK ("proxy_spend"."day_used_bytes" >= 0 and "proxy_spend"."month_used_bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "proxy_accounts" ADD COLUMN "daily_limit_mb" bigint;--> statement-breakpoint
ALTER TABLE "proxy_accounts" ADD COLUMN "monthly_limit_mb" bigint;--> statement-breakpoint
ALTER TABLE "proxy_accounts" ADD COLUMN "day_used_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "proxy_accounts" ADD COLUMN "usage_day" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proxy_spend" ADD CONSTRAINT "proxy_spend_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_accounts" ADD CONSTRAINT "proxy_accounts_limits" CHECK (("proxy_accounts"."daily_limit_mb" is null or "proxy_accounts"."daily_limit_mb" > 0) and ("proxy_accounts"."monthly_limit_mb" is null or "proxy_accounts"."monthly_limit_mb" > 0) and "proxy_accounts"."day_used_bytes" >= 0);