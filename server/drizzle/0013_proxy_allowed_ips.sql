CREATE TABLE "proxy_allowed_ips" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"network" "cidr" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proxy_allowed_ips" ADD CONSTRAINT "proxy_allowed_ips_account_id_proxy_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."proxy_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_allowed_ips" ADD CONSTRAINT "proxy_allowed_ips_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_allowed_ips_account_network" ON "proxy_allowed_ips" USING btree ("account_id","network");--> statement-breakpoint
CREATE INDEX "proxy_allowed_ips_network" ON "proxy_allowed_ips" USING gist ("network" inet_ops);--> statement-breakpoint
CREATE INDEX "proxy_allowed_ips_user_id" ON "proxy_allowed_ips" USING btree ("user_id");