CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"actor_member_id" integer NOT NULL,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text,
	"summary" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"confirmed" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_pending" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"actor_member_id" integer NOT NULL,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text,
	"summary" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_team_time" ON "audit_events" USING btree ("team_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_at" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_pending_at" ON "audit_pending" USING btree ("at");--> statement-breakpoint
-- Append-only (decision 0055): no UPDATE ever, no TRUNCATE, and DELETE only of rows older than the
-- 365 days kept (the hourly purge). Written here, not in the application, so no code path and no
-- operator's stray statement can rewrite or erase the log of the last year.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.at < now() - interval '365 days' THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'audit_events is append-only: event % is younger than 365 days', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
