CREATE TABLE "proxy_list_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"password_hash" text NOT NULL,
	"format" text NOT NULL,
	"options" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "proxy_list_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "proxy_list_links_format" CHECK ("proxy_list_links"."format" in ('txt', 'csv', 'json'))
);
--> statement-breakpoint
ALTER TABLE "proxy_list_links" ADD CONSTRAINT "proxy_list_links_account_id_proxy_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."proxy_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_list_links" ADD CONSTRAINT "proxy_list_links_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_list_links_account" ON "proxy_list_links" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "proxy_list_links_user_id" ON "proxy_list_links" USING btree ("user_id");