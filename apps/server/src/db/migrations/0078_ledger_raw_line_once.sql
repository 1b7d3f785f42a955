CREATE TABLE "bill_lines" (
	"domain_id" bigint NOT NULL,
	"import_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"line" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "bill_lines_domain_id_import_id_seq_pk" PRIMARY KEY("domain_id","import_id","seq")
);
--> statement-breakpoint
ALTER TABLE "money_events" ALTER COLUMN "raw" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "money_events" ADD COLUMN "bill_line" integer;--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_raw_check" CHECK ("money_events"."raw" is not null or ("money_events"."import_id" is not null and "money_events"."bill_line" is not null));