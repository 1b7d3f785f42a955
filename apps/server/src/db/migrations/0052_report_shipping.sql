CREATE TABLE "report_ship_daily" (
	"domain_id" bigint NOT NULL,
	"day" date NOT NULL,
	"store_id" bigint NOT NULL,
	"platform_code" text NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"express_company_code" text NOT NULL,
	"parcels" integer NOT NULL,
	"qty" integer NOT NULL,
	"weight" numeric(16, 3) NOT NULL,
	"late_parcels" integer NOT NULL,
	CONSTRAINT "report_ship_daily_pk" PRIMARY KEY("domain_id","day","store_id","platform_code","warehouse_id","express_company_code")
);
--> statement-breakpoint
CREATE TABLE "report_ship_dirty" (
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_ship_dirty_pk" PRIMARY KEY("domain_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "report_ship_parcels" (
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"day" date NOT NULL,
	"shipped_at" timestamp with time zone NOT NULL,
	"store_id" bigint NOT NULL,
	"platform_code" text NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"express_company_code" text NOT NULL,
	"qty" integer NOT NULL,
	"weight" numeric(12, 3) NOT NULL,
	"late" boolean NOT NULL,
	CONSTRAINT "report_ship_parcels_pk" PRIMARY KEY("domain_id","order_id")
);
--> statement-breakpoint
CREATE INDEX "report_ship_parcels_day_idx" ON "report_ship_parcels" USING btree ("domain_id","day","express_company_code");--> statement-breakpoint
-- Hand-written (reports/shipping README "Aggregates"): an order whose parcel may have changed is
-- marked dirty in its own transaction; the job reports.shipping-refresh folds it in.
CREATE FUNCTION report_ship_mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.delivery_time IS NOT NULL THEN
      INSERT INTO report_ship_dirty (domain_id, order_id) VALUES (OLD.domain_id, OLD.id) ON CONFLICT DO NOTHING;
    END IF;
    RETURN OLD;
  END IF;
  INSERT INTO report_ship_dirty (domain_id, order_id) VALUES (NEW.domain_id, NEW.id) ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER erp_orders_report_ship_insert AFTER INSERT ON erp_orders FOR EACH ROW
  WHEN (NEW.delivery_time IS NOT NULL) EXECUTE FUNCTION report_ship_mark_dirty();
--> statement-breakpoint
CREATE TRIGGER erp_orders_report_ship_delete AFTER DELETE ON erp_orders FOR EACH ROW
  WHEN (OLD.delivery_time IS NOT NULL) EXECUTE FUNCTION report_ship_mark_dirty();
--> statement-breakpoint
CREATE TRIGGER erp_orders_report_ship_update AFTER UPDATE ON erp_orders FOR EACH ROW
  WHEN ((OLD.delivery_time IS NOT NULL OR NEW.delivery_time IS NOT NULL)
    AND (OLD.status_code, OLD.delivery_time, OLD.store_id, OLD.platform_code, OLD.warehouse_id, OLD.express_company_code, OLD.qty_total, OLD.weight_total, OLD.last_ship_time)
      IS DISTINCT FROM (NEW.status_code, NEW.delivery_time, NEW.store_id, NEW.platform_code, NEW.warehouse_id, NEW.express_company_code, NEW.qty_total, NEW.weight_total, NEW.last_ship_time))
  EXECUTE FUNCTION report_ship_mark_dirty();
--> statement-breakpoint
-- Orders shipped before this migration: their parcels, once, in every domain (the same SQL as rebuild()).
INSERT INTO report_ship_dirty (domain_id, order_id)
SELECT domain_id, id FROM erp_orders WHERE delivery_time IS NOT NULL ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- To-ship SKU (reports/shipping README): the open orders' lines read index-only, order by order
-- (no heap visit, no scan of the shipped history). Declared here, not in db/schema/orders.ts
-- (the orders area's file): the lead may move it there.
CREATE INDEX "erp_order_lines_open_demand_idx" ON "erp_order_lines" USING btree ("domain_id","order_id") INCLUDE ("sku_id","qty","is_combination","cancel_tag");
