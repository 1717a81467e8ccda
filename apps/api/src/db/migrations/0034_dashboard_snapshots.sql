CREATE TABLE "dashboard_snapshots" (
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"metrics" jsonb NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_snapshots_period_from_period_to_pk" PRIMARY KEY("period_from","period_to")
);
