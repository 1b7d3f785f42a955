CREATE TABLE "goods_warehouse_syncs" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "goods_warehouse_syncs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"sku_id" bigint NOT NULL,
	"tb_sku_row_id" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"request_seq" integer DEFAULT 1 NOT NULL,
	"doc_code" text,
	"external_code" text,
	"requested_at" timestamp with time zone NOT NULL,
	"requested_by" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_warehouse_syncs_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "live_code" text;--> statement-breakpoint
ALTER TABLE "goods_warehouse_syncs" ADD CONSTRAINT "goods_warehouse_syncs_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_warehouse_syncs" ADD CONSTRAINT "goods_warehouse_syncs_warehouse_id_fk" FOREIGN KEY ("domain_id","warehouse_id") REFERENCES "public"."warehouses"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_warehouse_syncs" ADD CONSTRAINT "goods_warehouse_syncs_sku_id_fk" FOREIGN KEY ("domain_id","sku_id") REFERENCES "public"."skus"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_warehouse_syncs_key" ON "goods_warehouse_syncs" USING btree ("domain_id","warehouse_id","kind","sku_id","tb_sku_row_id");--> statement-breakpoint
CREATE INDEX "goods_warehouse_syncs_sku_idx" ON "goods_warehouse_syncs" USING btree ("domain_id","sku_id");--> statement-breakpoint
CREATE INDEX "goods_warehouse_syncs_status_idx" ON "goods_warehouse_syncs" USING btree ("domain_id","status");--> statement-breakpoint
CREATE INDEX "goods_warehouse_syncs_doc_idx" ON "goods_warehouse_syncs" USING btree ("domain_id","warehouse_id","doc_code");--> statement-breakpoint
CREATE UNIQUE INDEX "skus_domain_live_code_key" ON "skus" USING btree ("domain_id","live_code") WHERE live_code is not null;