ALTER TABLE "proxy_accounts" ADD COLUMN "cap_period" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "proxy_accounts" ADD COLUMN "used_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "proxy_accounts" ADD COLUMN "month_used_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "proxy_accounts" ADD COLUMN "usage_month" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proxy_accounts" ADD CONSTRAINT "proxy_accounts_cap_period" CHECK ("proxy_accounts"."cap_period" in ('month', 'total'));