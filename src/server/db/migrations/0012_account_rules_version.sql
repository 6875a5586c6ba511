-- Loans made before versions were stored follow version 1; a new loan names its version (no default).
ALTER TABLE "loans" ADD COLUMN "account_rules_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "account_rules_version" DROP DEFAULT;
