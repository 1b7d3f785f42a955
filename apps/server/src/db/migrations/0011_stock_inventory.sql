CREATE TABLE "average_cost_adjustment_details" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "average_cost_adjustment_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"adjustment_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"sku_id" bigint NOT NULL,
	"average_cost_before" numeric(18, 4),
	"average_cost_after" numeric(18, 4) NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "average_cost_adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "average_cost_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'SUBMIT' NOT NULL,
	"remark" text,
	"sku_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_by" bigint,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_product_dates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_product_dates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"balance_id" bigint NOT NULL,
	"product_date" date NOT NULL,
	"qty" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_product_dates_qty_positive" CHECK ("stock_product_dates"."qty" > 0)
);
--> statement-breakpoint
ALTER TABLE "average_cost_adjustment_details" ADD CONSTRAINT "average_cost_adjustment_details_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "average_cost_adjustment_details" ADD CONSTRAINT "average_cost_adjustment_details_adjustment_id_average_cost_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."average_cost_adjustments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "average_cost_adjustment_details" ADD CONSTRAINT "average_cost_adjustment_details_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "average_cost_adjustments" ADD CONSTRAINT "average_cost_adjustments_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_product_dates" ADD CONSTRAINT "stock_product_dates_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_product_dates" ADD CONSTRAINT "stock_product_dates_balance_id_stock_balances_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."stock_balances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "average_cost_adjustment_details_sku_key" ON "average_cost_adjustment_details" USING btree ("adjustment_id","sku_id");--> statement-breakpoint
CREATE INDEX "average_cost_adjustment_details_doc_idx" ON "average_cost_adjustment_details" USING btree ("domain_id","adjustment_id","line_no");--> statement-breakpoint
CREATE INDEX "average_cost_adjustment_details_sku_idx" ON "average_cost_adjustment_details" USING btree ("domain_id","sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "average_cost_adjustments_code_key" ON "average_cost_adjustments" USING btree ("domain_id","code");--> statement-breakpoint
CREATE INDEX "average_cost_adjustments_list_idx" ON "average_cost_adjustments" USING btree ("domain_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "stock_product_dates_key" ON "stock_product_dates" USING btree ("domain_id","balance_id","product_date");