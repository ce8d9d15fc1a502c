CREATE TABLE "static_durations" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_type" smallint NOT NULL,
	"days" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"original_price_fen" integer NOT NULL,
	CONSTRAINT "static_durations_resource_type" CHECK ("static_durations"."resource_type" in (1, 2, 3, 12)),
	CONSTRAINT "static_durations_positive" CHECK ("static_durations"."days" > 0 and "static_durations"."price_fen" > 0),
	CONSTRAINT "static_durations_original_price" CHECK ("static_durations"."original_price_fen" >= "static_durations"."price_fen")
);
--> statement-breakpoint
CREATE TABLE "static_exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"old_node_id" integer NOT NULL,
	"new_node_id" integer NOT NULL,
	"exchanged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "static_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"out_ip" text NOT NULL,
	"protocols" text[] NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "static_nodes_state" CHECK ("static_nodes"."state" in (0, 1)),
	CONSTRAINT "static_nodes_port" CHECK ("static_nodes"."port" between 1 and 65535),
	CONSTRAINT "static_nodes_protocols" CHECK (cardinality("static_nodes"."protocols") > 0 and "static_nodes"."protocols" <@ array['http', 'https', 'socks5']::text[])
);
--> statement-breakpoint
CREATE TABLE "static_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"account" text NOT NULL,
	"password" text NOT NULL,
	"purchase_time" timestamp with time zone NOT NULL,
	"expire_time" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "static_order_items_status" CHECK ("static_order_items"."status" in (1, 2)),
	CONSTRAINT "static_order_items_released" CHECK ("static_order_items"."released" = ("static_order_items"."released_at" is not null)),
	CONSTRAINT "static_order_items_times" CHECK ("static_order_items"."expire_time" > "static_order_items"."purchase_time")
);
--> statement-breakpoint
CREATE TABLE "static_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"order_type" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"pay_status" smallint DEFAULT 0 NOT NULL,
	"resource_type" smallint NOT NULL,
	"region_id" integer,
	"count" integer NOT NULL,
	"duration_days" integer NOT NULL,
	"unit_price_fen" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"pay_channel" text,
	"pay_time" timestamp with time zone,
	"pay_deadline" timestamp with time zone NOT NULL,
	"expire_time" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "static_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "static_orders_order_type" CHECK ("static_orders"."order_type" in (1, 2)),
	CONSTRAINT "static_orders_status" CHECK ("static_orders"."status" in (0, 1, 2, 3)),
	CONSTRAINT "static_orders_pay_status" CHECK ("static_orders"."pay_status" in (0, 1)),
	CONSTRAINT "static_orders_resource_type" CHECK ("static_orders"."resource_type" in (1, 2, 3, 12)),
	CONSTRAINT "static_orders_region" CHECK (("static_orders"."order_type" = 1) = ("static_orders"."region_id" is not null)),
	CONSTRAINT "static_orders_amounts" CHECK ("static_orders"."count" between 1 and 100 and "static_orders"."duration_days" > 0 and "static_orders"."unit_price_fen" > 0 and "static_orders"."amount_fen" = "static_orders"."unit_price_fen" * "static_orders"."count"),
	CONSTRAINT "static_orders_paid" CHECK (("static_orders"."pay_status" = 1) = ("static_orders"."pay_time" is not null)),
	CONSTRAINT "static_orders_paid_status" CHECK (("static_orders"."status" in (1, 3)) = ("static_orders"."pay_status" = 1)),
	CONSTRAINT "static_orders_remark" CHECK (char_length("static_orders"."remark") <= 200)
);
--> statement-breakpoint
CREATE TABLE "static_regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_type" smallint NOT NULL,
	"country_code" text NOT NULL,
	"country_en" text NOT NULL,
	"country_zh" text NOT NULL,
	"city_en" text NOT NULL,
	"city_zh" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "static_regions_resource_type" CHECK ("static_regions"."resource_type" in (1, 2, 3, 12)),
	CONSTRAINT "static_regions_country_code" CHECK ("static_regions"."country_code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "static_regions_names" CHECK ("static_regions"."country_en" <> '' and "static_regions"."country_zh" <> '' and "static_regions"."city_en" <> '' and "static_regions"."city_zh" <> '')
);
--> statement-breakpoint
CREATE TABLE "static_renewal_lines" (
	"order_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"new_expire_time" timestamp with time zone,
	CONSTRAINT "static_renewal_lines_order_id_item_id_pk" PRIMARY KEY("order_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "static_exchanges" ADD CONSTRAINT "static_exchanges_item_id_static_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."static_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_exchanges" ADD CONSTRAINT "static_exchanges_old_node_id_static_nodes_id_fk" FOREIGN KEY ("old_node_id") REFERENCES "public"."static_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_exchanges" ADD CONSTRAINT "static_exchanges_new_node_id_static_nodes_id_fk" FOREIGN KEY ("new_node_id") REFERENCES "public"."static_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_nodes" ADD CONSTRAINT "static_nodes_region_id_static_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."static_regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_order_items" ADD CONSTRAINT "static_order_items_order_id_static_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."static_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_order_items" ADD CONSTRAINT "static_order_items_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_order_items" ADD CONSTRAINT "static_order_items_node_id_static_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."static_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_orders" ADD CONSTRAINT "static_orders_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_orders" ADD CONSTRAINT "static_orders_region_id_static_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."static_regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_renewal_lines" ADD CONSTRAINT "static_renewal_lines_order_id_static_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."static_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_renewal_lines" ADD CONSTRAINT "static_renewal_lines_item_id_static_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."static_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "static_durations_type_days" ON "static_durations" USING btree ("resource_type","days");--> statement-breakpoint
CREATE INDEX "static_exchanges_item" ON "static_exchanges" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "static_nodes_host_port" ON "static_nodes" USING btree ("host","port");--> statement-breakpoint
CREATE INDEX "static_nodes_region_available" ON "static_nodes" USING btree ("region_id","id") WHERE "static_nodes"."state" = 0;--> statement-breakpoint
CREATE INDEX "static_nodes_region" ON "static_nodes" USING btree ("region_id");--> statement-breakpoint
CREATE UNIQUE INDEX "static_order_items_node_held" ON "static_order_items" USING btree ("node_id") WHERE not "static_order_items"."released";--> statement-breakpoint
CREATE INDEX "static_order_items_user_expire" ON "static_order_items" USING btree ("user_id","expire_time");--> statement-breakpoint
CREATE INDEX "static_order_items_order" ON "static_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "static_order_items_held_expire" ON "static_order_items" USING btree ("expire_time") WHERE not "static_order_items"."released";--> statement-breakpoint
CREATE INDEX "static_orders_user_created" ON "static_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "static_orders_open_deadline" ON "static_orders" USING btree ("pay_deadline") WHERE "static_orders"."status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "static_regions_type_place" ON "static_regions" USING btree ("resource_type","country_code","city_en");--> statement-breakpoint
CREATE INDEX "static_renewal_lines_item" ON "static_renewal_lines" USING btree ("item_id");