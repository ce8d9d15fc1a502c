CREATE TABLE "traffic_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"order_no" text,
	"granted_mb" bigint NOT NULL,
	"remaining_mb" bigint NOT NULL,
	"credited_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone,
	"expired_mb" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_lots_source" CHECK ("traffic_lots"."source" in ('order', 'grant', 'migrated')),
	CONSTRAINT "traffic_lots_amounts" CHECK ("traffic_lots"."granted_mb" > 0 and "traffic_lots"."remaining_mb" >= 0 and "traffic_lots"."expired_mb" >= 0 and "traffic_lots"."remaining_mb" + "traffic_lots"."expired_mb" <= "traffic_lots"."granted_mb"),
	CONSTRAINT "traffic_lots_order_source" CHECK (("traffic_lots"."source" = 'order') = ("traffic_lots"."order_no" is not null))
);
--> statement-breakpoint
CREATE TABLE "deduct_lot_draws" (
	"record_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"mb" bigint NOT NULL,
	CONSTRAINT "deduct_lot_draws_record_id_lot_id_pk" PRIMARY KEY("record_id","lot_id"),
	CONSTRAINT "deduct_lot_draws_mb" CHECK ("deduct_lot_draws"."mb" > 0)
);
--> statement-breakpoint
ALTER TABLE "traffic_lots" ADD CONSTRAINT "traffic_lots_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deduct_lot_draws" ADD CONSTRAINT "deduct_lot_draws_record_id_deduct_hour_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."deduct_hour_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deduct_lot_draws" ADD CONSTRAINT "deduct_lot_draws_lot_id_traffic_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."traffic_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_lots_user_expiry" ON "traffic_lots" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "traffic_lots_due" ON "traffic_lots" USING btree ("expires_at") WHERE "traffic_lots"."remaining_mb" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_lots_order" ON "traffic_lots" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "deduct_lot_draws_lot" ON "deduct_lot_draws" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "usage_records_ingested_at" ON "usage_records" USING btree ("ingested_at");--> statement-breakpoint
-- Balances from before lots become one lot per member (decision 0024). It expires when the member's
-- latest paid order would have expired (paid time + its validity), never sooner than 30 days from
-- now, so nobody loses traffic without notice; a balance no order explains (an operator's grant)
-- gets the 365 days of a grant.
INSERT INTO "traffic_lots" ("user_id", "source", "granted_mb", "remaining_mb", "credited_at", "expires_at")
SELECT u."id", 'migrated', u."limit_balance", u."limit_balance", now(),
       greatest(
         coalesce(
           (SELECT max(o."pay_time" + make_interval(days => o."validity_days"))
              FROM "recharge_orders" o WHERE o."user_id" = u."id" AND o."pay_status" = 1),
           now() + interval '365 days'),
         now() + interval '30 days')
  FROM "member_users" u
 WHERE u."limit_balance" > 0;
