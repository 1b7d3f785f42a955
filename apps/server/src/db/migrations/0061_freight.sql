CREATE TABLE "express_bill_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "express_bill_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"import_task_id" bigint,
	"express_company_code" text NOT NULL,
	"express_no" text NOT NULL,
	"bill_month" text NOT NULL,
	"bill_time" timestamp with time zone,
	"billed_weight" numeric(12, 3) NOT NULL,
	"billed_fee" bigint NOT NULL,
	"order_id" bigint,
	"our_weight" numeric(12, 3),
	"template_fee" bigint,
	"over_weight" integer,
	"over_charge" bigint,
	"status" text DEFAULT 'NONE' NOT NULL,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"raw_line" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "express_bill_lines_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE TABLE "express_reconciliations" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "express_reconciliations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"name" text NOT NULL,
	"express_company_code" text NOT NULL,
	"waybill_no_column" text NOT NULL,
	"weight_column" text NOT NULL,
	"fee_column" text NOT NULL,
	"time_column" text,
	"weight_unit" text NOT NULL,
	"fee_unit" text NOT NULL,
	"weight_tolerance" integer NOT NULL,
	"fee_tolerance" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "express_reconciliations_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE TABLE "freight_template_prices" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "freight_template_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"version_no" integer NOT NULL,
	"express_company_code" text NOT NULL,
	"province" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"first_weight" integer NOT NULL,
	"first_fee" bigint NOT NULL,
	"additional_weight" integer NOT NULL,
	"additional_fee" bigint NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	CONSTRAINT "freight_template_prices_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE TABLE "freight_templates" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "freight_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"name" text NOT NULL,
	"express_company_code" text NOT NULL,
	"delivery_method" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version_no" integer DEFAULT 1 NOT NULL,
	"areas" jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freight_templates_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE TABLE "wh_express_settings" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "wh_express_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"express_company_code" text NOT NULL,
	"waybill_account_id" bigint,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wh_express_settings_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
ALTER TABLE "express_bill_lines" ADD CONSTRAINT "express_bill_lines_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_reconciliations" ADD CONSTRAINT "express_reconciliations_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_template_prices" ADD CONSTRAINT "freight_template_prices_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_template_prices" ADD CONSTRAINT "freight_template_prices_template_fk" FOREIGN KEY ("domain_id","template_id") REFERENCES "public"."freight_templates"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_templates" ADD CONSTRAINT "freight_templates_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_express_settings" ADD CONSTRAINT "wh_express_settings_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_express_settings" ADD CONSTRAINT "wh_express_settings_warehouse_fk" FOREIGN KEY ("domain_id","warehouse_id") REFERENCES "public"."warehouses"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "express_bill_lines_no_key" ON "express_bill_lines" USING btree ("domain_id","express_company_code","express_no");--> statement-breakpoint
CREATE INDEX "express_bill_lines_month_idx" ON "express_bill_lines" USING btree ("domain_id","bill_month","express_company_code");--> statement-breakpoint
CREATE INDEX "express_bill_lines_status_idx" ON "express_bill_lines" USING btree ("domain_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "express_reconciliations_carrier_key" ON "express_reconciliations" USING btree ("domain_id","express_company_code");--> statement-breakpoint
CREATE INDEX "freight_template_prices_area_idx" ON "freight_template_prices" USING btree ("domain_id","express_company_code","province","city","valid_from");--> statement-breakpoint
CREATE INDEX "freight_template_prices_template_idx" ON "freight_template_prices" USING btree ("domain_id","template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "freight_templates_name_key" ON "freight_templates" USING btree ("domain_id","name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "freight_templates_carrier_idx" ON "freight_templates" USING btree ("domain_id","express_company_code");--> statement-breakpoint
CREATE UNIQUE INDEX "wh_express_settings_key" ON "wh_express_settings" USING btree ("domain_id","warehouse_id","express_company_code");
--> statement-breakpoint
-- Courier bills are matched to parcels by waybill number (modules/freight/freight.queries.ts).
CREATE INDEX IF NOT EXISTS "erp_orders_express_no_idx" ON "erp_orders" USING btree ("domain_id","express_no") WHERE express_no IS NOT NULL;
