CREATE TABLE "usage_hourly" (
	"user_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"failed_requests" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_hourly_user_id_dimension_hour_key_pk" PRIMARY KEY("user_id","dimension","hour","key"),
	CONSTRAINT "usage_hourly_dimension" CHECK ("usage_hourly"."dimension" in ('account', 'domain', 'country')),
	CONSTRAINT "usage_hourly_non_negative" CHECK ("usage_hourly"."bytes" >= 0 and "usage_hourly"."requests" >= 0 and "usage_hourly"."failed_requests" >= 0)
);
--> statement-breakpoint
ALTER TABLE "usage_hourly" ADD CONSTRAINT "usage_hourly_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;