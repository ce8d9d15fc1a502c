CREATE TABLE "member_sign_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"result" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"device_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_sign_ins_result" CHECK ("member_sign_ins"."result" in ('success', 'password', 'locked', 'captcha'))
);
--> statement-breakpoint
ALTER TABLE "member_sessions" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_sessions" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_users" ADD COLUMN "new_device_notice" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "member_sign_ins" ADD CONSTRAINT "member_sign_ins_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_sign_ins_user_time" ON "member_sign_ins" USING btree ("user_id","created_at");