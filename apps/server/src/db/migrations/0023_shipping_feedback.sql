CREATE TABLE "shipping_feedback_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_feedback_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"record_key" text NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"successful_count" integer DEFAULT 0 NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_feedbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_feedbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"erp_order_id" bigint NOT NULL,
	"platform_order_id" bigint NOT NULL,
	"platform_no" text NOT NULL,
	"express_company_code" text NOT NULL,
	"express_no" text NOT NULL,
	"shipped_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"error_msg" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"record_key" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipping_feedback_records" ADD CONSTRAINT "shipping_feedback_records_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_feedbacks" ADD CONSTRAINT "shipping_feedbacks_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_feedbacks" ADD CONSTRAINT "shipping_feedbacks_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_feedbacks" ADD CONSTRAINT "shipping_feedbacks_erp_order_id_erp_orders_id_fk" FOREIGN KEY ("erp_order_id") REFERENCES "public"."erp_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_feedbacks" ADD CONSTRAINT "shipping_feedbacks_platform_order_id_platform_orders_id_fk" FOREIGN KEY ("platform_order_id") REFERENCES "public"."platform_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_feedback_records_key" ON "shipping_feedback_records" USING btree ("domain_id","record_key");--> statement-breakpoint
CREATE INDEX "shipping_feedbacks_record_idx" ON "shipping_feedbacks" USING btree ("domain_id","record_key");--> statement-breakpoint
CREATE INDEX "shipping_feedbacks_failed_idx" ON "shipping_feedbacks" USING btree ("domain_id","shipped_at") WHERE status = 'FAILED';