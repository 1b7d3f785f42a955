CREATE TABLE "purchase_return_code_counters" (
	"domain_id" bigint NOT NULL,
	"day" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_return_code_counters_domain_id_day_pk" PRIMARY KEY("domain_id","day")
);
--> statement-breakpoint
CREATE TABLE "purchase_return_lines" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "purchase_return_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"return_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"asn_id" bigint NOT NULL,
	"asn_detail_id" bigint NOT NULL,
	"purchase_order_id" bigint NOT NULL,
	"purchase_order_line_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"qty" integer NOT NULL,
	"delivered_qty" integer DEFAULT 0 NOT NULL,
	"return_reason" text NOT NULL,
	"unit_cost" numeric(18, 4),
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_return_lines_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "purchase_return_lines_qty" CHECK ("purchase_return_lines"."qty" > 0 and "purchase_return_lines"."delivered_qty" >= 0 and "purchase_return_lines"."delivered_qty" <= "purchase_return_lines"."qty")
);
--> statement-breakpoint
CREATE TABLE "purchase_returns" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "purchase_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"supplier_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"cost_rule" text DEFAULT 'RECEIPT_COST' NOT NULL,
	"remark" text,
	"sku_total" integer DEFAULT 0 NOT NULL,
	"qty_total" integer DEFAULT 0 NOT NULL,
	"delivered_qty_total" integer DEFAULT 0 NOT NULL,
	"amount_total" numeric(18, 4),
	"wdo_id" bigint,
	"wdo_code" text,
	"reject_reason" text,
	"submitted_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by" bigint,
	"completed_at" timestamp with time zone,
	"created_by_name" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_returns_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "purchase_returns_cost_rule" CHECK ("purchase_returns"."cost_rule" in ('RECEIPT_COST', 'AVERAGE_COST'))
);
--> statement-breakpoint
ALTER TABLE "purchase_return_code_counters" ADD CONSTRAINT "purchase_return_code_counters_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_lines" ADD CONSTRAINT "purchase_return_lines_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_lines" ADD CONSTRAINT "purchase_return_lines_return_fk" FOREIGN KEY ("domain_id","return_id") REFERENCES "public"."purchase_returns"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_lines" ADD CONSTRAINT "purchase_return_lines_order_fk" FOREIGN KEY ("domain_id","purchase_order_id") REFERENCES "public"."purchase_orders"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_lines" ADD CONSTRAINT "purchase_return_lines_order_line_fk" FOREIGN KEY ("domain_id","purchase_order_line_id") REFERENCES "public"."purchase_order_lines"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_lines" ADD CONSTRAINT "purchase_return_lines_sku_fk" FOREIGN KEY ("domain_id","sku_id") REFERENCES "public"."skus"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_supplier_fk" FOREIGN KEY ("domain_id","supplier_id") REFERENCES "public"."suppliers"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_warehouse_fk" FOREIGN KEY ("domain_id","warehouse_id") REFERENCES "public"."warehouses"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_return_lines_asn_detail_key" ON "purchase_return_lines" USING btree ("domain_id","return_id","asn_detail_id");--> statement-breakpoint
CREATE INDEX "purchase_return_lines_order_idx" ON "purchase_return_lines" USING btree ("domain_id","purchase_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_returns_domain_code_key" ON "purchase_returns" USING btree ("domain_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_returns_domain_wdo_key" ON "purchase_returns" USING btree ("domain_id","wdo_id");--> statement-breakpoint
CREATE INDEX "purchase_returns_domain_time_idx" ON "purchase_returns" USING btree ("domain_id","created_at" DESC NULLS LAST,"id");