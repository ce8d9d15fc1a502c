CREATE TABLE "usage_daily" (
	"user_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"failed_requests" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_user_id_dimension_day_key_pk" PRIMARY KEY("user_id","dimension","day","key"),
	CONSTRAINT "usage_daily_dimension" CHECK ("usage_daily"."dimension" in ('account', 'domain', 'country')),
	CONSTRAINT "usage_daily_non_negative" CHECK ("usage_daily"."bytes" >= 0 and "usage_daily"."requests" >= 0 and "usage_daily"."failed_requests" >= 0)
);
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The days of what was rolled up by the hour before this table existed.
INSERT INTO "usage_daily" ("user_id", "dimension", "key", "day", "bytes", "requests", "failed_requests")
SELECT "user_id", "dimension", "key", date_trunc('day', "hour" at time zone 'UTC') at time zone 'UTC',
       sum("bytes"), sum("requests"), sum("failed_requests")
  FROM "usage_hourly"
 GROUP BY 1, 2, 3, 4;
