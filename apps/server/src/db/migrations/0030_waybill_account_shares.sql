CREATE TABLE "waybill_account_shares" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waybill_account_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"beneficiary_domain_id" bigint NOT NULL,
	"status" text DEFAULT 'STARTED' NOT NULL,
	"count" integer NOT NULL,
	"remain_num" integer NOT NULL,
	"used_num" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waybill_share_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waybill_share_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"share_id" bigint NOT NULL,
	"taker_domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"order_code" text NOT NULL,
	"express_company_code" text NOT NULL,
	"express_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waybill_account_shares" ADD CONSTRAINT "waybill_account_shares_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybill_account_shares" ADD CONSTRAINT "waybill_account_shares_account_id_waybill_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."waybill_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybill_account_shares" ADD CONSTRAINT "waybill_account_shares_beneficiary_domain_id_domains_id_fk" FOREIGN KEY ("beneficiary_domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybill_share_logs" ADD CONSTRAINT "waybill_share_logs_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waybill_account_shares_key" ON "waybill_account_shares" USING btree ("domain_id","account_id","beneficiary_domain_id");--> statement-breakpoint
CREATE INDEX "waybill_account_shares_beneficiary_idx" ON "waybill_account_shares" USING btree ("beneficiary_domain_id");--> statement-breakpoint
CREATE INDEX "waybill_share_logs_share_idx" ON "waybill_share_logs" USING btree ("domain_id","share_id");