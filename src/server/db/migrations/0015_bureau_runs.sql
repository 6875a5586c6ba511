CREATE TABLE "bureau_run_loans" (
	"run_id" bigint NOT NULL,
	"loan_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"status" text NOT NULL,
	"days_past_due" integer NOT NULL,
	"current_balance_paise" integer NOT NULL,
	"amount_overdue_paise" integer NOT NULL,
	"default_notice" boolean DEFAULT false NOT NULL,
	CONSTRAINT "bureau_run_loans_run_id_loan_id_pk" PRIMARY KEY("run_id","loan_id")
);
--> statement-breakpoint
CREATE TABLE "bureau_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"as_of" date NOT NULL,
	"period_from" date,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"accounts" integer NOT NULL,
	"made_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bureau_run_loans" ADD CONSTRAINT "bureau_run_loans_run_id_bureau_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."bureau_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bureau_run_loans" ADD CONSTRAINT "bureau_run_loans_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bureau_run_loans_loan_idx" ON "bureau_run_loans" USING btree ("loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bureau_runs_as_of_idx" ON "bureau_runs" USING btree ("as_of");