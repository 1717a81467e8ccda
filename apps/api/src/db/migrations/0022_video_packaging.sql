CREATE TABLE "video_packagings" (
	"video_key" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"playlist_key" text,
	"method" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
