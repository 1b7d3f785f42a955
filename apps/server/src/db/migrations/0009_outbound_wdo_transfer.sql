CREATE TABLE "wdo_details" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wdo_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"wdo_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"qty" integer NOT NULL,
	"delivered_qty" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wdo_details_qty_positive" CHECK ("wdo_details"."qty" > 0),
	CONSTRAINT "wdo_details_delivered_within_qty" CHECK ("wdo_details"."delivered_qty" >= 0 and "wdo_details"."delivered_qty" <= "wdo_details"."qty")
);
--> statement-breakpoint
CREATE TABLE "wdo_headers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wdo_headers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"wdo_type" text NOT NULL,
	"status" text DEFAULT 'CI_WDO_STATUS_CREATED' NOT NULL,
	"sync_status" text DEFAULT 'NONE' NOT NULL,
	"sync_message" text,
	"external_code" text,
	"related_code" text,
	"receiver_name" text,
	"receiver_phone" text,
	"receiver_address" text,
	"remark" text,
	"cancel_reason" text,
	"qty_total" integer DEFAULT 0 NOT NULL,
	"sku_total" integer DEFAULT 0 NOT NULL,
	"delivered_qty_total" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" bigint,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_details" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"transfer_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"qty" integer NOT NULL,
	"out_location_id" bigint,
	"in_location_id" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_details_qty_positive" CHECK ("transfer_details"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "transfer_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"out_warehouse_id" bigint NOT NULL,
	"in_warehouse_id" bigint NOT NULL,
	"transfer_status" text DEFAULT 'CREATED' NOT NULL,
	"remark" text,
	"qty_total" integer DEFAULT 0 NOT NULL,
	"sku_total" integer DEFAULT 0 NOT NULL,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_orders_two_warehouses" CHECK ("transfer_orders"."out_warehouse_id" <> "transfer_orders"."in_warehouse_id")
);
--> statement-breakpoint
ALTER TABLE "wdo_details" ADD CONSTRAINT "wdo_details_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wdo_details" ADD CONSTRAINT "wdo_details_wdo_id_wdo_headers_id_fk" FOREIGN KEY ("wdo_id") REFERENCES "public"."wdo_headers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wdo_details" ADD CONSTRAINT "wdo_details_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wdo_headers" ADD CONSTRAINT "wdo_headers_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wdo_headers" ADD CONSTRAINT "wdo_headers_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_details" ADD CONSTRAINT "transfer_details_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_details" ADD CONSTRAINT "transfer_details_transfer_id_transfer_orders_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfer_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_details" ADD CONSTRAINT "transfer_details_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_details" ADD CONSTRAINT "transfer_details_out_location_id_warehouse_locations_id_fk" FOREIGN KEY ("out_location_id") REFERENCES "public"."warehouse_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_details" ADD CONSTRAINT "transfer_details_in_location_id_warehouse_locations_id_fk" FOREIGN KEY ("in_location_id") REFERENCES "public"."warehouse_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_orders" ADD CONSTRAINT "transfer_orders_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_orders" ADD CONSTRAINT "transfer_orders_out_warehouse_id_warehouses_id_fk" FOREIGN KEY ("out_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_orders" ADD CONSTRAINT "transfer_orders_in_warehouse_id_warehouses_id_fk" FOREIGN KEY ("in_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wdo_details_wdo_sku_key" ON "wdo_details" USING btree ("domain_id","wdo_id","sku_id");--> statement-breakpoint
CREATE INDEX "wdo_details_sku_idx" ON "wdo_details" USING btree ("domain_id","sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wdo_headers_domain_code_key" ON "wdo_headers" USING btree ("domain_id","code");--> statement-breakpoint
CREATE INDEX "wdo_headers_domain_status_idx" ON "wdo_headers" USING btree ("domain_id","status","id");--> statement-breakpoint
CREATE INDEX "wdo_headers_domain_created_idx" ON "wdo_headers" USING btree ("domain_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "wdo_headers_domain_warehouse_idx" ON "wdo_headers" USING btree ("domain_id","warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_details_transfer_sku_key" ON "transfer_details" USING btree ("domain_id","transfer_id","sku_id");--> statement-breakpoint
CREATE INDEX "transfer_details_sku_idx" ON "transfer_details" USING btree ("domain_id","sku_id");--> statement-breakpoint
CREATE INDEX "transfer_details_out_location_idx" ON "transfer_details" USING btree ("domain_id","out_location_id");--> statement-breakpoint
CREATE INDEX "transfer_details_in_location_idx" ON "transfer_details" USING btree ("domain_id","in_location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_orders_domain_code_key" ON "transfer_orders" USING btree ("domain_id","code");--> statement-breakpoint
CREATE INDEX "transfer_orders_domain_status_idx" ON "transfer_orders" USING btree ("domain_id","transfer_status","id");--> statement-breakpoint
CREATE INDEX "transfer_orders_domain_created_idx" ON "transfer_orders" USING btree ("domain_id","created_at" DESC NULLS FIRST);