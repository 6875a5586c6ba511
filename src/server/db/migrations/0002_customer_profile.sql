CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "monthly_income_paise" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "dob" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "gender" smallint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "marital_status_id" smallint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "spouse_name" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "residence_type_id" smallint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "residence_address_1" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "residence_address_2" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "residence_landmark" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "residence_pincode" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "residence_city" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "residence_state" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "income_type_id" smallint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "salary_mode_id" smallint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "salary_date" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "selfie_file_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "registration_successful" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "eligibility_reason" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "eligibility_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_customer_idx" ON "files" USING btree ("customer_id","kind");