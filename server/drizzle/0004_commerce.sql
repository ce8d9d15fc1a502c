CREATE TABLE "custom_traffic_rules" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"tiers" jsonb NOT NULL,
	"min_gb" integer NOT NULL,
	"max_gb" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_traffic_rules_single" CHECK ("custom_traffic_rules"."id" = 1),
	CONSTRAINT "custom_traffic_rules_bounds" CHECK ("custom_traffic_rules"."min_gb" > 0 and "custom_traffic_rules"."max_gb" >= "custom_traffic_rules"."min_gb" and "custom_traffic_rules"."validity_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "flow_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"traffic_mb" integer NOT NULL,
	"gift_traffic_mb" integer DEFAULT 0 NOT NULL,
	"price_fen" integer NOT NULL,
	"original_price_fen" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_packages_positive" CHECK ("flow_packages"."traffic_mb" > 0 and "flow_packages"."price_fen" > 0 and "flow_packages"."validity_days" > 0),
	CONSTRAINT "flow_packages_gift" CHECK ("flow_packages"."gift_traffic_mb" >= 0),
	CONSTRAINT "flow_packages_original_price" CHECK ("flow_packages"."original_price_fen" >= "flow_packages"."price_fen")
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"pay_status" smallint DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"account_type" smallint NOT NULL,
	"traffic_mb" integer NOT NULL,
	"gift_traffic_mb" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"fee_fen" integer NOT NULL,
	"pay_amount_fen" integer NOT NULL,
	"pay_channel" text,
	"pay_time" timestamp with time zone,
	"pay_deadline" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recharge_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "recharge_orders_status" CHECK ("recharge_orders"."status" in (0, 1, 2)),
	CONSTRAINT "recharge_orders_pay_status" CHECK ("recharge_orders"."pay_status" in (0, 1)),
	CONSTRAINT "recharge_orders_amounts" CHECK ("recharge_orders"."price_fen" > 0 and "recharge_orders"."fee_fen" >= 0 and "recharge_orders"."pay_amount_fen" = "recharge_orders"."price_fen" + "recharge_orders"."fee_fen"),
	CONSTRAINT "recharge_orders_paid" CHECK (("recharge_orders"."pay_status" = 1) = ("recharge_orders"."pay_time" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"payment_no" text NOT NULL,
	"trade_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"app_id" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_no" text NOT NULL,
	"order_kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"gateway" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"trade_no" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_payment_no_unique" UNIQUE("payment_no"),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "deduct_hour_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"deducted_mb" bigint DEFAULT 0 NOT NULL,
	"uncovered_mb" bigint DEFAULT 0 NOT NULL,
	"balance_after_mb" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deduct_hour_records_non_negative" CHECK ("deduct_hour_records"."used_bytes" >= 0 and "deduct_hour_records"."deducted_mb" >= 0 and "deduct_hour_records"."uncovered_mb" >= 0)
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"ingested_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_records_bytes" CHECK ("usage_records"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_package_id_flow_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."flow_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deduct_hour_records" ADD CONSTRAINT "deduct_hour_records_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recharge_orders_user_created" ON "recharge_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recharge_orders_open_deadline" ON "recharge_orders" USING btree ("pay_deadline") WHERE "recharge_orders"."status" = 0;--> statement-breakpoint
CREATE INDEX "payment_notifications_payment_no" ON "payment_notifications" USING btree ("payment_no");--> statement-breakpoint
CREATE INDEX "payments_order" ON "payments" USING btree ("order_kind","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_trade_no" ON "payments" USING btree ("gateway","trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "deduct_hour_records_user_hour" ON "deduct_hour_records" USING btree ("user_id","hour");--> statement-breakpoint
CREATE INDEX "deduct_hour_records_hour" ON "deduct_hour_records" USING btree ("hour");