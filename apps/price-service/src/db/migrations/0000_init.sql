CREATE TABLE "seed_runs" (
	"key" text PRIMARY KEY NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
