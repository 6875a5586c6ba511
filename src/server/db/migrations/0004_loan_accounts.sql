CREATE SEQUENCE "public"."kfs_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "key_fact_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kfs_no" text NOT NULL,
	"lead_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"content" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"valid_until" date NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "key_fact_statements_kfs_no_unique" UNIQUE("kfs_no")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "charges_paise" integer;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "interest_paise" integer;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "principal_paise" integer;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "value_date" date;--> statement-breakpoint
-- Hand-written: collections already recorded count from the day (in India) they were recorded.
UPDATE "collections" SET "value_date" = ("created_at" AT TIME ZONE 'Asia/Kolkata')::date;--> statement-breakpoint
ALTER TABLE "collections" ALTER COLUMN "value_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "held_for_refund" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "kfs_id" uuid;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "kfs_id" uuid;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "processing_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "gst_on_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "cooling_off_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "overdue_interest_days_max" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "penal_charge_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "penal_gst_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "key_fact_statements" ADD CONSTRAINT "key_fact_statements_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "key_fact_statements_lead_idx" ON "key_fact_statements" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to","created_at");--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_kfs_id_key_fact_statements_id_fk" FOREIGN KEY ("kfs_id") REFERENCES "public"."key_fact_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written: a replayed PayU form could credit one order twice before this index. The first
-- collection keeps the order; later ones stay recorded (money is never dropped) without it.
UPDATE "collections" SET "order_id" = NULL WHERE "order_id" IS NOT NULL AND "id" NOT IN (SELECT min("id") FROM "collections" WHERE "order_id" IS NOT NULL GROUP BY "order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_order_idx" ON "collections" USING btree ("order_id") WHERE order_id is not null;--> statement-breakpoint
-- Hand-written: of two open applications that a race made, the newest stays open.
UPDATE "leads" SET "status" = 'withdrawn' WHERE "status" IN ('applied', 'approved') AND "id" NOT IN (SELECT max("id") FROM "leads" WHERE "status" IN ('applied', 'approved') GROUP BY "customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_one_open_per_customer_idx" ON "leads" USING btree ("customer_id") WHERE status in ('applied', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_active_per_customer_idx" ON "loans" USING btree ("customer_id") WHERE status = 'active';