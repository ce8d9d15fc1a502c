CREATE TABLE "certification_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"certification_id" integer NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "certification_reviews_decision" CHECK ("certification_reviews"."decision" in ('approve', 'reject'))
);
--> statement-breakpoint
CREATE TABLE "enterprise_certifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"credit_code_enc" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_account_enc" text NOT NULL,
	"registration_address" text NOT NULL,
	"registration_phone" text NOT NULL,
	"licence_file" text NOT NULL,
	"licence_type" text NOT NULL,
	"status" smallint NOT NULL,
	"failure_reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "enterprise_certifications_status" CHECK ("enterprise_certifications"."status" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "personal_certifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"real_name" text NOT NULL,
	"id_card_enc" text NOT NULL,
	"status" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "personal_certifications_status" CHECK ("personal_certifications"."status" between 0 and 4)
);
--> statement-breakpoint
ALTER TABLE "certification_reviews" ADD CONSTRAINT "certification_reviews_certification_id_enterprise_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."enterprise_certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_certifications" ADD CONSTRAINT "enterprise_certifications_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_certifications" ADD CONSTRAINT "personal_certifications_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certification_reviews_certification_id" ON "certification_reviews" USING btree ("certification_id");--> statement-breakpoint
CREATE INDEX "enterprise_certifications_user_id" ON "enterprise_certifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "enterprise_certifications_status" ON "enterprise_certifications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "personal_certifications_user_id" ON "personal_certifications" USING btree ("user_id");