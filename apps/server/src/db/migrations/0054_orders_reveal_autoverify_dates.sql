CREATE TABLE "order_auto_verify_rules" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_auto_verify_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"store_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"amount_min" numeric(18, 4),
	"amount_max" numeric(18, 4),
	"sku_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"remark_rule" text DEFAULT 'ANY' NOT NULL,
	"minutes_after_pay" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_auto_verify_rules_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_line_product_dates" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_line_product_dates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"product_date" date NOT NULL,
	"expire_date" date,
	"qty" integer NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_line_product_dates_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "order_line_product_dates_qty_positive" CHECK ("order_line_product_dates"."qty" > 0)
);
--> statement-breakpoint
ALTER TABLE "erp_orders" ADD COLUMN "auto_verify_hold" text;--> statement-breakpoint
ALTER TABLE "order_auto_verify_rules" ADD CONSTRAINT "order_auto_verify_rules_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_product_dates" ADD CONSTRAINT "order_line_product_dates_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_product_dates" ADD CONSTRAINT "order_line_product_dates_order_id_fk" FOREIGN KEY ("domain_id","order_id") REFERENCES "public"."erp_orders"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_product_dates" ADD CONSTRAINT "order_line_product_dates_line_id_fk" FOREIGN KEY ("domain_id","line_id") REFERENCES "public"."erp_order_lines"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_auto_verify_rules_domain_key" ON "order_auto_verify_rules" USING btree ("domain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_line_product_dates_key" ON "order_line_product_dates" USING btree ("domain_id","line_id","product_date");--> statement-breakpoint
CREATE INDEX "order_line_product_dates_order_idx" ON "order_line_product_dates" USING btree ("domain_id","order_id");