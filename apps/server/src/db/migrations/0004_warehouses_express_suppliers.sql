CREATE TABLE "warehouse_locations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"code" text NOT NULL,
	"zone" text,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_store_bindings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_store_bindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"online_warehouse_code" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "warehouses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"stop_using" boolean DEFAULT false NOT NULL,
	"contact" text NOT NULL,
	"phone" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"county" text,
	"street" text NOT NULL,
	"external_code" text,
	"owner_code" text,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_express_companies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domain_express_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"udf4" text,
	"sort_index" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"contact" text,
	"phone" text,
	"address" text,
	"remark" text,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supply_goods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supply_goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"purchase_price" numeric(18, 4),
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "warehouse_locations" ADD CONSTRAINT "warehouse_locations_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_locations" ADD CONSTRAINT "warehouse_locations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_store_bindings" ADD CONSTRAINT "warehouse_store_bindings_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_store_bindings" ADD CONSTRAINT "warehouse_store_bindings_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_store_bindings" ADD CONSTRAINT "warehouse_store_bindings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_express_companies" ADD CONSTRAINT "domain_express_companies_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_goods" ADD CONSTRAINT "supply_goods_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_goods" ADD CONSTRAINT "supply_goods_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_goods" ADD CONSTRAINT "supply_goods_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_locations_code_key" ON "warehouse_locations" USING btree ("domain_id","warehouse_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_store_bindings_key" ON "warehouse_store_bindings" USING btree ("domain_id","warehouse_id","store_id");--> statement-breakpoint
CREATE INDEX "warehouse_store_bindings_store_idx" ON "warehouse_store_bindings" USING btree ("domain_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_domain_code_key" ON "warehouses" USING btree ("domain_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_domain_name_key" ON "warehouses" USING btree ("domain_id","name");--> statement-breakpoint
CREATE INDEX "warehouses_domain_stop_idx" ON "warehouses" USING btree ("domain_id","stop_using","id");--> statement-breakpoint
CREATE UNIQUE INDEX "domain_express_companies_key" ON "domain_express_companies" USING btree ("domain_id","code");--> statement-breakpoint
CREATE INDEX "domain_express_companies_sort_idx" ON "domain_express_companies" USING btree ("domain_id","sort_index","id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_domain_code_key" ON "suppliers" USING btree ("domain_id","code");--> statement-breakpoint
CREATE INDEX "suppliers_domain_status_idx" ON "suppliers" USING btree ("domain_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "supply_goods_key" ON "supply_goods" USING btree ("domain_id","supplier_id","sku_id");--> statement-breakpoint
CREATE INDEX "supply_goods_sku_idx" ON "supply_goods" USING btree ("domain_id","sku_id");