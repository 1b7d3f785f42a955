CREATE TABLE "stock_check_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_check_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"check_id" bigint NOT NULL,
	"location_id" bigint DEFAULT 0 NOT NULL,
	"sku_id" bigint NOT NULL,
	"book_qty" integer,
	"counted_qty" integer,
	"counted_by" bigint,
	"counted_at" timestamp with time zone,
	"added" boolean DEFAULT false NOT NULL,
	"confirm_book_qty" integer,
	"adjust_qty" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_check_lines_counted_not_negative" CHECK ("stock_check_lines"."counted_qty" is null or "stock_check_lines"."counted_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"code" text NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"location_id" bigint,
	"scope_sku_ids" bigint[],
	"status" text DEFAULT 'COUNTING' NOT NULL,
	"remark" text,
	"confirmed_by" bigint,
	"confirmed_at" timestamp with time zone,
	"cancelled_by" bigint,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_check_lines" ADD CONSTRAINT "stock_check_lines_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_check_lines" ADD CONSTRAINT "stock_check_lines_check_id_stock_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."stock_checks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_checks" ADD CONSTRAINT "stock_checks_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_checks" ADD CONSTRAINT "stock_checks_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_check_lines_key" ON "stock_check_lines" USING btree ("domain_id","check_id","sku_id","location_id");--> statement-breakpoint
CREATE INDEX "stock_check_lines_check_idx" ON "stock_check_lines" USING btree ("domain_id","check_id","id");--> statement-breakpoint
CREATE INDEX "stock_check_lines_sku_idx" ON "stock_check_lines" USING btree ("domain_id","sku_id");--> statement-breakpoint
CREATE INDEX "stock_check_lines_location_idx" ON "stock_check_lines" USING btree ("domain_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_checks_code_key" ON "stock_checks" USING btree ("domain_id","code");--> statement-breakpoint
CREATE INDEX "stock_checks_open_idx" ON "stock_checks" USING btree ("domain_id","warehouse_id","status");--> statement-breakpoint
CREATE INDEX "stock_checks_time_idx" ON "stock_checks" USING btree ("domain_id","created_at" DESC NULLS FIRST,"id");