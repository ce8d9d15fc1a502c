CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"summary_en" text NOT NULL,
	"summary_zh" text NOT NULL,
	"md_en" text NOT NULL,
	"md_zh" text NOT NULL,
	"html_en" text NOT NULL,
	"html_zh" text NOT NULL,
	"text_en" text NOT NULL,
	"text_zh" text NOT NULL,
	"reading_minutes_en" integer NOT NULL,
	"reading_minutes_zh" integer NOT NULL,
	"render_version" integer NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "blog_posts_status" CHECK ("blog_posts"."status" in ('published', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "help_docs" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"category" text NOT NULL,
	"sort_order" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"md_en" text NOT NULL,
	"md_zh" text NOT NULL,
	"html_en" text NOT NULL,
	"html_zh" text NOT NULL,
	"text_en" text NOT NULL,
	"text_zh" text NOT NULL,
	"render_version" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "help_docs_key_unique" UNIQUE("key"),
	CONSTRAINT "help_docs_category" CHECK (category in ('buying', 'payment', 'certification', 'proxy-usage', 'static-ip', 'account'))
);
--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "help_docs_category_idx" ON "help_docs" USING btree ("category","sort_order");