CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact" text NOT NULL,
	"channel" text NOT NULL,
	"volume" text NOT NULL,
	"use_case" text NOT NULL,
	"message" text NOT NULL,
	"locale" text NOT NULL,
	"host" text NOT NULL,
	"user_id" integer,
	"ip" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"confirmation_status" text DEFAULT 'pending' NOT NULL,
	"confirmation_attempts" smallint DEFAULT 0 NOT NULL,
	"confirmation_next_at" timestamp with time zone,
	"confirmation_sent_at" timestamp with time zone,
	"confirmation_error" text,
	CONSTRAINT "leads_status" CHECK ("leads"."status" in ('open', 'closed')),
	CONSTRAINT "leads_confirmation_status" CHECK ("leads"."confirmation_status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "leads_channel" CHECK ("leads"."channel" in ('sms', 'email'))
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_status_created" ON "leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "leads_confirmation_due" ON "leads" USING btree ("confirmation_next_at") WHERE "leads"."confirmation_status" = 'pending';