CREATE TABLE "rma_parcels" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "rma_parcels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"express_no" text NOT NULL,
	"express_company_code" text,
	"warehouse_id" bigint,
	"remark" text,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"scanned_by" bigint,
	"scanned_by_name" text,
	"rma_id" bigint,
	"linked_by" bigint,
	"linked_by_name" text,
	"linked_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rma_parcels_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "rma_parcels_state" CHECK ("rma_parcels"."state" in ('OPEN', 'LINKED') and ("rma_parcels"."state" = 'OPEN') = ("rma_parcels"."rma_id" is null))
);
--> statement-breakpoint
ALTER TABLE "rma_parcels" ADD CONSTRAINT "rma_parcels_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_parcels" ADD CONSTRAINT "rma_parcels_warehouse_id_fk" FOREIGN KEY ("domain_id","warehouse_id") REFERENCES "public"."warehouses"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rma_parcels" ADD CONSTRAINT "rma_parcels_rma_id_fk" FOREIGN KEY ("domain_id","rma_id") REFERENCES "public"."rma_headers"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rma_parcels_open_express_key" ON "rma_parcels" USING btree ("domain_id","express_no") WHERE state = 'OPEN';--> statement-breakpoint
CREATE INDEX "rma_parcels_domain_state_idx" ON "rma_parcels" USING btree ("domain_id","state","id");