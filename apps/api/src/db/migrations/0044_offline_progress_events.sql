CREATE TABLE "offline_progress_events" (
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	"section_id" text NOT NULL,
	"seconds" integer NOT NULL,
	"outcome" text NOT NULL,
	"refusal_code" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offline_progress_events_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "offline_progress_events" ADD CONSTRAINT "offline_progress_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_progress_events_received_idx" ON "offline_progress_events" USING btree ("received_at");