CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"worker" text NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_runs_job_day_key_pk" PRIMARY KEY("job","day","key")
);
--> statement-breakpoint
CREATE TABLE "loan_classifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"asset_class" text NOT NULL,
	"began_on" date NOT NULL,
	"ended_on" date,
	"days_past_due" integer NOT NULL,
	"overdue_paise" integer NOT NULL,
	"recorded_on" date NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "days_past_due" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "asset_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "class_since" date;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "classified_on" date;--> statement-breakpoint
ALTER TABLE "loan_classifications" ADD CONSTRAINT "loan_classifications_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_classifications_once_idx" ON "loan_classifications" USING btree ("loan_id","asset_class","began_on");--> statement-breakpoint
CREATE INDEX "loan_classifications_to_notify_idx" ON "loan_classifications" USING btree ("loan_id") WHERE notified_at is null;