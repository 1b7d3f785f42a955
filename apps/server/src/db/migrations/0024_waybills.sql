CREATE TABLE "carrier_sandbox_parcels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carrier_sandbox_parcels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"carrier_code" text NOT NULL,
	"express_no" text NOT NULL,
	"order_code" text NOT NULL,
	"routing" jsonb NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_sandbox_sequences" (
	"carrier_code" text PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"next" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_sandbox_settings" (
	"domain_id" bigint PRIMARY KEY NOT NULL,
	"latency_ms" integer,
	"tracking_step_seconds" integer,
	"fail_next" integer DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "last_express_nos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "last_express_nos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"express_company_code" text NOT NULL,
	"last_no" text NOT NULL,
	"increment" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waybill_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waybill_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"print_code" text NOT NULL,
	"express_company_code" text NOT NULL,
	"name" text NOT NULL,
	"sandbox" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"fields" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waybill_numbers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waybill_numbers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"express_company_code" text NOT NULL,
	"express_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"account_id" bigint,
	"source" text NOT NULL,
	"routing" jsonb,
	"print_data" jsonb,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_sandbox_settings" ADD CONSTRAINT "carrier_sandbox_settings_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_express_nos" ADD CONSTRAINT "last_express_nos_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybill_accounts" ADD CONSTRAINT "waybill_accounts_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybill_numbers" ADD CONSTRAINT "waybill_numbers_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_sandbox_parcels_no_key" ON "carrier_sandbox_parcels" USING btree ("carrier_code","express_no");--> statement-breakpoint
CREATE INDEX "carrier_sandbox_parcels_no_idx" ON "carrier_sandbox_parcels" USING btree ("express_no");--> statement-breakpoint
CREATE UNIQUE INDEX "last_express_nos_key" ON "last_express_nos" USING btree ("domain_id","express_company_code");--> statement-breakpoint
CREATE INDEX "waybill_accounts_carrier_idx" ON "waybill_accounts" USING btree ("domain_id","express_company_code");--> statement-breakpoint
CREATE UNIQUE INDEX "waybill_numbers_no_key" ON "waybill_numbers" USING btree ("domain_id","express_company_code","express_no");--> statement-breakpoint
CREATE INDEX "waybill_numbers_order_idx" ON "waybill_numbers" USING btree ("domain_id","order_id");