CREATE SEQUENCE "public"."lead_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 5000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "lead_documents" (
	"lead_id" bigint NOT NULL,
	"doc_type" text NOT NULL,
	"file_id" uuid NOT NULL,
	"note" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_documents_lead_id_doc_type_pk" PRIMARY KEY("lead_id","doc_type")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" bigint PRIMARY KEY DEFAULT nextval('lead_id_seq') NOT NULL,
	"customer_id" uuid NOT NULL,
	"user_type" text NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"next_step" text DEFAULT 'generate_loan_quote' NOT NULL,
	"step_percentage" smallint DEFAULT 0 NOT NULL,
	"quote" jsonb NOT NULL,
	"purpose_id" smallint,
	"amount_paise" integer,
	"tenure_days" integer,
	"daily_rate_hundredths" integer,
	"kfs" jsonb,
	"kfs_acknowledged_at" timestamp with time zone,
	"employment" jsonb,
	"bank" jsonb,
	"approved_amount_paise" integer,
	"approved_tenure_days" integer,
	"approved_rate_hundredths" integer,
	"manager_name" text,
	"manager_mobile" text,
	"manager_email" text,
	"decision_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_documents" ADD CONSTRAINT "lead_documents_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_documents" ADD CONSTRAINT "lead_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_customer_idx" ON "leads" USING btree ("customer_id");