CREATE TABLE "status_components" (
	"product" text NOT NULL,
	"region" text NOT NULL,
	"state" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "status_components_product_region_pk" PRIMARY KEY("product","region"),
	CONSTRAINT "status_components_state" CHECK ("status_components"."state" in ('operational', 'degraded', 'outage', 'maintenance'))
);
--> statement-breakpoint
CREATE TABLE "status_incident_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"state" text NOT NULL,
	"body_en" text NOT NULL,
	"body_zh" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"severity" text NOT NULL,
	"state" text NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "status_incidents_severity" CHECK ("status_incidents"."severity" in ('minor', 'major', 'critical')),
	CONSTRAINT "status_incidents_state" CHECK ("status_incidents"."state" in ('investigating', 'identified', 'monitoring', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "status_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"update_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "status_notifications_status" CHECK ("status_notifications"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "status_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"origin" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "status_subscribers_status" CHECK ("status_subscribers"."status" in ('pending', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "status_incident_updates" ADD CONSTRAINT "status_incident_updates_incident_id_status_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."status_incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_notifications" ADD CONSTRAINT "status_notifications_subscriber_id_status_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."status_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_notifications" ADD CONSTRAINT "status_notifications_update_id_status_incident_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."status_incident_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "status_incident_updates_incident" ON "status_incident_updates" USING btree ("incident_id","created_at");--> statement-breakpoint
CREATE INDEX "status_incidents_open" ON "status_incidents" USING btree ("started_at") WHERE "status_incidents"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "status_incidents_resolved" ON "status_incidents" USING btree ("resolved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "status_notifications_once" ON "status_notifications" USING btree ("subscriber_id","update_id");--> statement-breakpoint
CREATE INDEX "status_notifications_due" ON "status_notifications" USING btree ("next_at") WHERE "status_notifications"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "status_subscribers_email" ON "status_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "status_subscribers_confirm_token" ON "status_subscribers" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "status_subscribers_unsubscribe_token" ON "status_subscribers" USING btree ("unsubscribe_token");--> statement-breakpoint
-- The status page is cached (read call and rendered pages): incidents and their updates notify
-- 'status' on every statement; a component only when its state changes (a report every minute
-- with the same states changes nothing a page shows but the report time, which the cache TTL bounds).
CREATE TRIGGER "status_incidents_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "status_incidents" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('status');
--> statement-breakpoint
CREATE TRIGGER "status_incident_updates_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "status_incident_updates" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('status');
--> statement-breakpoint
CREATE TRIGGER "status_components_insert_cache_notify" AFTER INSERT OR DELETE OR TRUNCATE ON "status_components" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('status');
--> statement-breakpoint
CREATE TRIGGER "status_components_state_cache_notify" AFTER UPDATE ON "status_components" FOR EACH ROW WHEN (OLD."state" IS DISTINCT FROM NEW."state") EXECUTE FUNCTION "portal_cache_notify"('status');
