CREATE TABLE "team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"role" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_role" CHECK ("team_members"."role" in ('owner', 'admin', 'finance', 'developer', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "team_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "team_invitations_channel" CHECK ("team_invitations"."channel" in ('sms', 'email')),
	CONSTRAINT "team_invitations_role" CHECK ("team_invitations"."role" in ('admin', 'finance', 'developer', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "member_sessions" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_member_users_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_member_id_member_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_invited_by_member_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."member_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_team_id_member_users_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_member_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."member_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_accepted_by_member_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."member_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_pair" ON "team_members" USING btree ("team_id","member_id");--> statement-breakpoint
CREATE INDEX "team_members_member" ON "team_members" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_one_owner" ON "team_members" USING btree ("team_id") WHERE "team_members"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "team_invitations_team" ON "team_invitations" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_team_id_member_users_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."member_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_member_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."member_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every account is a team with its owner (decision 0053): the existing ones now, new ones as they are
-- created, whatever creates them (registration, the ops CLI, a test helper).
INSERT INTO "team_members" ("team_id", "member_id", "role", "created_at") SELECT "id", "id", 'owner', "created_at" FROM "member_users";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "team_members_own_team"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "team_members" ("team_id", "member_id", "role", "created_at") VALUES (NEW."id", NEW."id", 'owner', NEW."created_at");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_users_own_team" AFTER INSERT ON "member_users" FOR EACH ROW EXECUTE FUNCTION "team_members_own_team"();--> statement-breakpoint
-- Tokens made before teams were made by the account itself, as its owner.
UPDATE "api_tokens" SET "created_by" = "user_id";--> statement-breakpoint
-- A session caches its member's role (accounts/sessions.ts): a change of membership or of a
-- session's active team drops every instance's cached sessions at commit, so a removed member or a
-- lowered role is refused at once everywhere.
CREATE TRIGGER "team_members_sessions_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "team_members" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('sessions');--> statement-breakpoint
CREATE TRIGGER "member_sessions_team_notify" AFTER UPDATE OF "team_id" ON "member_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('sessions');
