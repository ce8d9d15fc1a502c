CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_no" text NOT NULL,
	"payment_id" integer NOT NULL,
	"order_kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"origin" text NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"removed_mb" bigint DEFAULT 0 NOT NULL,
	"released_ips" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"provider_refund_id" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"notice_claimed_until" timestamp with time zone,
	"notice_sent_at" timestamp with time zone,
	CONSTRAINT "refunds_refund_no_unique" UNIQUE("refund_no"),
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount_fen" > 0),
	CONSTRAINT "refunds_status" CHECK ("refunds"."status" in ('requested', 'submitted', 'succeeded', 'failed', 'closed')),
	CONSTRAINT "refunds_origin" CHECK ("refunds"."origin" in ('auto', 'ops', 'self')),
	CONSTRAINT "refunds_reason" CHECK (char_length("refunds"."reason") between 1 and 500),
	CONSTRAINT "refunds_settled" CHECK (("refunds"."status" in ('succeeded', 'closed')) = ("refunds"."settled_at" is not null)),
	CONSTRAINT "refunds_taken_back" CHECK ("refunds"."removed_mb" >= 0 and "refunds"."released_ips" >= 0)
);
--> statement-breakpoint
ALTER TABLE "traffic_lots" DROP CONSTRAINT "traffic_lots_amounts";--> statement-breakpoint
ALTER TABLE "traffic_lots" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "traffic_lots" ADD COLUMN "refunded_mb" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_payment" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_order" ON "refunds" USING btree ("order_kind","order_id");--> statement-breakpoint
CREATE INDEX "refunds_due" ON "refunds" USING btree ("next_attempt_at") WHERE "refunds"."status" in ('requested', 'submitted', 'failed');--> statement-breakpoint
CREATE INDEX "refunds_notice_due" ON "refunds" USING btree ("settled_at") WHERE "refunds"."status" = 'succeeded' and "refunds"."notice_sent_at" is null;--> statement-breakpoint
ALTER TABLE "traffic_lots" ADD CONSTRAINT "traffic_lots_amounts" CHECK ("traffic_lots"."granted_mb" > 0 and "traffic_lots"."remaining_mb" >= 0 and "traffic_lots"."expired_mb" >= 0 and "traffic_lots"."refunded_mb" >= 0 and "traffic_lots"."remaining_mb" + "traffic_lots"."expired_mb" + "traffic_lots"."refunded_mb" <= "traffic_lots"."granted_mb");