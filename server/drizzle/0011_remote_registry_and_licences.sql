CREATE TABLE "licence_files" (
	"id" text PRIMARY KEY NOT NULL,
	"sealed" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_registry" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"document" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_registry_single_row" CHECK ("remote_registry"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "remote_version_files" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"path" text NOT NULL,
	"body" "bytea" NOT NULL,
	CONSTRAINT "remote_version_files_remote_version_path_pk" PRIMARY KEY("remote","version","path")
);
--> statement-breakpoint
-- Every instance keeps the registry in memory (modules/remotes/store-postgres.ts); a deploy,
-- rollback or stage from any process tells them all at commit.
CREATE TRIGGER "remote_registry_cache_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "remote_registry" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('remotes');
