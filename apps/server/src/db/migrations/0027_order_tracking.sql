CREATE TABLE "order_tracking" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_tracking_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"express_company_code" text NOT NULL,
	"express_no" text NOT NULL,
	"state" text DEFAULT 'NO' NOT NULL,
	"last_event_text" text,
	"last_event_at" timestamp with time zone,
	"ignored" boolean DEFAULT false NOT NULL,
	"checked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_tracking" ADD CONSTRAINT "order_tracking_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tracking" ADD CONSTRAINT "order_tracking_order_id_erp_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."erp_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_tracking_order_key" ON "order_tracking" USING btree ("domain_id","order_id");--> statement-breakpoint
CREATE INDEX "order_tracking_domain_state_idx" ON "order_tracking" USING btree ("domain_id","state");