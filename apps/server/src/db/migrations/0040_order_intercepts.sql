CREATE TABLE "order_intercept_tasks" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_intercept_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"platform_no" text,
	"refund_key" text NOT NULL,
	"after_sale_id" bigint,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"reason" text,
	"express_company_code" text,
	"express_no" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" bigint,
	"resolved_by_name" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_intercept_tasks_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "order_intercept_tasks_status_check" CHECK ("order_intercept_tasks"."status" in ('OPEN', 'INTERCEPTED', 'RELEASED'))
);
--> statement-breakpoint
ALTER TABLE "order_intercept_tasks" ADD CONSTRAINT "order_intercept_tasks_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_intercept_tasks" ADD CONSTRAINT "order_intercept_tasks_order_fk" FOREIGN KEY ("domain_id","order_id") REFERENCES "public"."erp_orders"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_intercept_tasks_refund_key" ON "order_intercept_tasks" USING btree ("domain_id","order_id","refund_key");--> statement-breakpoint
CREATE INDEX "order_intercept_tasks_status_idx" ON "order_intercept_tasks" USING btree ("domain_id","status","id" DESC NULLS LAST);