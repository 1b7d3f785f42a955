CREATE TABLE "erp_order_check_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "erp_order_check_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"weight" numeric(12, 3),
	"goods_weight" numeric(12, 3),
	"forced" boolean DEFAULT false NOT NULL,
	"user_id" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_order_line_serials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "erp_order_line_serials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"line_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"serial_number" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "erp_order_check_records" ADD CONSTRAINT "erp_order_check_records_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_order_check_records" ADD CONSTRAINT "erp_order_check_records_order_id_erp_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."erp_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_order_line_serials" ADD CONSTRAINT "erp_order_line_serials_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_order_line_serials" ADD CONSTRAINT "erp_order_line_serials_order_id_erp_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."erp_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_order_line_serials" ADD CONSTRAINT "erp_order_line_serials_line_id_erp_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."erp_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erp_order_check_records_order" ON "erp_order_check_records" USING btree ("domain_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_order_line_serials_line_seq" ON "erp_order_line_serials" USING btree ("line_id","seq");--> statement-breakpoint
CREATE INDEX "erp_order_line_serials_domain_serial" ON "erp_order_line_serials" USING btree ("domain_id","serial_number");