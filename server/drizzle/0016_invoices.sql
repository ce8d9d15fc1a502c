CREATE TABLE "invoice_files" (
	"id" text PRIMARY KEY NOT NULL,
	"sealed" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"title_type" text NOT NULL,
	"title" text NOT NULL,
	"tax_number_enc" text,
	"tax_address" text,
	"tax_phone" text,
	"bank_name" text,
	"bank_account_enc" text,
	"amount_fen" integer NOT NULL,
	"pdf_file" text,
	"refusal_reason" text,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "invoices_type" CHECK ("invoices"."type" in ('vat_special', 'ordinary')),
	CONSTRAINT "invoices_status" CHECK ("invoices"."status" in ('requested', 'issued', 'refused')),
	CONSTRAINT "invoices_title_type" CHECK ("invoices"."title_type" in ('personal', 'company')),
	CONSTRAINT "invoices_issued_has_pdf" CHECK (("invoices"."status" = 'issued') = ("invoices"."pdf_file" is not null)),
	CONSTRAINT "invoices_refused_has_reason" CHECK (("invoices"."status" = 'refused') = ("invoices"."refusal_reason" is not null)),
	CONSTRAINT "invoices_decided" CHECK (("invoices"."status" = 'requested') = ("invoices"."decided_at" is null)),
	CONSTRAINT "invoices_vat_special_fields" CHECK ("invoices"."type" <> 'vat_special' or ("invoices"."tax_number_enc" is not null and "invoices"."tax_address" is not null and "invoices"."tax_phone" is not null and "invoices"."bank_name" is not null and "invoices"."bank_account_enc" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_recharge_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."recharge_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_live_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."status" in ('requested', 'issued');--> statement-breakpoint
CREATE INDEX "invoices_user_order" ON "invoices" USING btree ("user_id","order_id");--> statement-breakpoint
CREATE INDEX "invoices_status_requested" ON "invoices" USING btree ("requested_at") WHERE "invoices"."status" = 'requested';