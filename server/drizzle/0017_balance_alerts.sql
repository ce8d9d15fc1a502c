CREATE TABLE "alert_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"params" jsonb NOT NULL,
	"dedupe_key" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_queue_status" CHECK ("alert_queue"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"threshold_mb" bigint,
	"sms" boolean DEFAULT false NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"alert_email" text,
	"locale" text NOT NULL,
	"origin" text NOT NULL,
	"low_armed" boolean DEFAULT true NOT NULL,
	"zero_armed" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_settings_threshold" CHECK ("alert_settings"."threshold_mb" is null or "alert_settings"."threshold_mb" > 0)
);
--> statement-breakpoint
ALTER TABLE "alert_queue" ADD CONSTRAINT "alert_queue_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_queue_dedupe" ON "alert_queue" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "alert_queue_due" ON "alert_queue" USING btree ("next_attempt_at") WHERE "alert_queue"."status" = 0;--> statement-breakpoint
CREATE INDEX "alert_queue_user" ON "alert_queue" USING btree ("user_id","created_at");