CREATE TABLE "loan_agreements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agreement_no" text NOT NULL,
	"lead_id" bigint NOT NULL,
	"kfs_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"document_key" text NOT NULL,
	"document_sha256" text NOT NULL,
	"status" text NOT NULL,
	"provider" text,
	"request_id" text,
	"requested_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"signed_key" text,
	"consent_id" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_agreements_agreement_no_unique" UNIQUE("agreement_no"),
	CONSTRAINT "loan_agreements_kfs_id_unique" UNIQUE("kfs_id")
);
--> statement-breakpoint
ALTER TABLE "loan_agreements" ADD CONSTRAINT "loan_agreements_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_agreements" ADD CONSTRAINT "loan_agreements_kfs_id_key_fact_statements_id_fk" FOREIGN KEY ("kfs_id") REFERENCES "public"."key_fact_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_agreements" ADD CONSTRAINT "loan_agreements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_agreements" ADD CONSTRAINT "loan_agreements_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_agreements_lead_idx" ON "loan_agreements" USING btree ("lead_id");