ALTER TABLE "invoices" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "static_order_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_static_order_id_static_orders_id_fk" FOREIGN KEY ("static_order_id") REFERENCES "public"."static_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_live_per_static_order" ON "invoices" USING btree ("static_order_id") WHERE "invoices"."status" in ('requested', 'issued');--> statement-breakpoint
CREATE INDEX "invoices_user_static_order" ON "invoices" USING btree ("user_id","static_order_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_one_order" CHECK (num_nonnulls("invoices"."order_id", "invoices"."static_order_id") = 1);