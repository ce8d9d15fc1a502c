CREATE TABLE "site_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"name" jsonb NOT NULL,
	"logo_url" text NOT NULL,
	"service_hours" jsonb NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"icp" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "site_settings_one_default" ON "site_settings" USING btree ("is_default") WHERE "site_settings"."is_default";