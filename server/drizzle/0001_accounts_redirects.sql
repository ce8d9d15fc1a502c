CREATE TABLE "member_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "member_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "member_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobile" text,
	"email" text,
	"password_hash" text NOT NULL,
	"nickname" text NOT NULL,
	"limit_balance" bigint DEFAULT 0 NOT NULL,
	"identification_status" smallint DEFAULT 0 NOT NULL,
	"certification_type" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_users_mobile_unique" UNIQUE("mobile"),
	CONSTRAINT "member_users_email_unique" UNIQUE("email"),
	CONSTRAINT "member_users_login_id" CHECK ("member_users"."mobile" is not null or "member_users"."email" is not null),
	CONSTRAINT "member_users_limit_balance" CHECK ("member_users"."limit_balance" >= 0),
	CONSTRAINT "member_users_identification_status" CHECK ("member_users"."identification_status" between 0 and 4),
	CONSTRAINT "member_users_certification_type" CHECK ("member_users"."certification_type" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "redirect_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"target" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirect_rules_path_unique" UNIQUE("path")
);
--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_sessions_user_id" ON "member_sessions" USING btree ("user_id");