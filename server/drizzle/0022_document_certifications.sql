CREATE TABLE "document_certification_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"certification_id" integer NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_certification_reviews_decision" CHECK ("document_certification_reviews"."decision" in ('approve', 'reject'))
);
--> statement-breakpoint
CREATE TABLE "document_certifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"country" text NOT NULL,
	"holder_name" text NOT NULL,
	"number_enc" text NOT NULL,
	"number_hash" text NOT NULL,
	"registration_address" text,
	"document_file" text NOT NULL,
	"document_file_type" text NOT NULL,
	"status" smallint NOT NULL,
	"failure_reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "document_certifications_status" CHECK ("document_certifications"."status" between 0 and 4),
	CONSTRAINT "document_certifications_document_type" CHECK ("document_certifications"."document_type" in ('passport', 'national_id', 'driving_licence', 'other', 'company_registration')),
	CONSTRAINT "document_certifications_company_address" CHECK (("document_certifications"."document_type" = 'company_registration') = ("document_certifications"."registration_address" is not null))
);
--> statement-breakpoint
ALTER TABLE "document_certification_reviews" ADD CONSTRAINT "document_certification_reviews_certification_id_document_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."document_certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_certifications" ADD CONSTRAINT "document_certifications_user_id_member_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_certification_reviews_certification_id" ON "document_certification_reviews" USING btree ("certification_id");--> statement-breakpoint
CREATE INDEX "document_certifications_user_id" ON "document_certifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "document_certifications_status" ON "document_certifications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "document_certifications_number_hash" ON "document_certifications" USING btree ("number_hash");