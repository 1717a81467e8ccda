CREATE TABLE "content_categories" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"color" text NOT NULL,
	"background_color" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_levels" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"color" text NOT NULL,
	"background_color" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_tags" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"badge" text
);
--> statement-breakpoint
CREATE TABLE "course_faqs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_modules" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_progress" (
	"user_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"fraction" real DEFAULT 0 NOT NULL,
	"last_viewed_section_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_progress_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "course_sections" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"course_id" text NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL,
	"type" text NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"section_url" text,
	"mime_type" text,
	"file_extension" text
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"long_description" text DEFAULT '' NOT NULL,
	"description_alternative" text,
	"thumbnail" text,
	"thumbnail_alternative" text,
	"category_code" text,
	"level_code" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"audience" text DEFAULT 'ALL' NOT NULL,
	"price_centavos" integer,
	"regular_price_centavos" integer,
	"max_installments" integer DEFAULT 1 NOT NULL,
	"saleable_start_date" date,
	"saleable_end_date" date,
	"declined_payment_form_url" text,
	"event_series" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"modules_amount" integer DEFAULT 0 NOT NULL,
	"classes_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pack_items" (
	"pack_id" text NOT NULL,
	"item_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pack_items_pack_id_item_id_pk" PRIMARY KEY("pack_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "section_progress" (
	"user_id" uuid NOT NULL,
	"section_id" text NOT NULL,
	"course_id" text NOT NULL,
	"module_id" text NOT NULL,
	"viewed_seconds" integer DEFAULT 0 NOT NULL,
	"complete_fraction" real DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "section_progress_user_id_section_id_pk" PRIMARY KEY("user_id","section_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"weight" integer NOT NULL,
	"display_metadata" jsonb NOT NULL,
	"private_services" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "subscription_plans_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "suggested_filters" (
	"value" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"subscription_required" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_plan_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_service_origin" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "private_community_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "course_faqs" ADD CONSTRAINT "course_faqs_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_code_content_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."content_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_level_code_content_levels_code_fk" FOREIGN KEY ("level_code") REFERENCES "public"."content_levels"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_items" ADD CONSTRAINT "pack_items_pack_id_courses_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_items" ADD CONSTRAINT "pack_items_item_id_courses_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_progress" ADD CONSTRAINT "section_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_progress" ADD CONSTRAINT "section_progress_section_id_course_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_faqs_course_idx" ON "course_faqs" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "course_modules_course_idx" ON "course_modules" USING btree ("course_id","order");--> statement-breakpoint
CREATE INDEX "course_sections_module_idx" ON "course_sections" USING btree ("module_id","order");--> statement-breakpoint
CREATE INDEX "course_sections_course_idx" ON "course_sections" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "courses_kind_sort_idx" ON "courses" USING btree ("kind","sort_order");--> statement-breakpoint
CREATE INDEX "courses_category_idx" ON "courses" USING btree ("category_code");--> statement-breakpoint
CREATE INDEX "courses_level_idx" ON "courses" USING btree ("level_code");--> statement-breakpoint
CREATE INDEX "courses_tags_idx" ON "courses" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "pack_items_item_idx" ON "pack_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "section_progress_user_course_idx" ON "section_progress" USING btree ("user_id","course_id");