ALTER TABLE "proxy_accounts" DROP CONSTRAINT "proxy_accounts_used";--> statement-breakpoint
ALTER TABLE "proxy_accounts" DROP COLUMN "used_mb";--> statement-breakpoint
ALTER TABLE "proxy_accounts" ADD CONSTRAINT "proxy_accounts_used" CHECK ("proxy_accounts"."used_bytes" >= 0 and "proxy_accounts"."month_used_bytes" >= 0);