CREATE TABLE "proxy_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"main" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"traffic_cap_mb" bigint,
	"used_mb" bigint DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "proxy_accounts_username_unique" UNIQUE("username"),
	CONSTRAINT "proxy_accounts_cap" CHECK ("proxy_accounts"."traffic_cap_mb" is null or "proxy_accounts"."traffic_cap_mb" > 0),
	CONSTRAINT "proxy_accounts_used" CHECK ("proxy_accounts"."used_mb" >= 0)
);
--> statement-breakpoint
ALTER TABLE "proxy_accounts" ADD CONSTRAINT "proxy_accounts_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_accounts_one_main" ON "proxy_accounts" USING btree ("user_id") WHERE "proxy_accounts"."main";--> statement-breakpoint
CREATE INDEX "proxy_accounts_user_id" ON "proxy_accounts" USING btree ("user_id");