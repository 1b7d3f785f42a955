CREATE SEQUENCE "public"."billing_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10000001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."payment_sandbox_trade_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 50000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "billing_domain_requests" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "billing_domain_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"level" text NOT NULL,
	"months" integer NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_domain_requests_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE TABLE "billing_orders" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "billing_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"order_type" text NOT NULL,
	"status" text DEFAULT 'WAIT_PAY' NOT NULL,
	"price_id" bigint NOT NULL,
	"name" text NOT NULL,
	"level" text,
	"months" integer,
	"store_count" integer,
	"amount_fen" bigint NOT NULL,
	"pay_channel" text NOT NULL,
	"trade_no" text,
	"fail_reason" text,
	"rebuilt_from" text,
	"pay_deadline" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"effect" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_orders_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "billing_orders_amount_positive" CHECK ("billing_orders"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "billing_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"trade_no" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"source" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payments_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE TABLE "billing_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"level" text,
	"months" integer,
	"store_count" integer,
	"price_fen" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_prices_positive" CHECK ("billing_prices"."price_fen" > 0),
	CONSTRAINT "billing_prices_kind_fields" CHECK (("billing_prices"."kind" = 'EDITION' and "billing_prices"."level" is not null and "billing_prices"."months" > 0 and "billing_prices"."store_count" is null) or ("billing_prices"."kind" = 'STORE_PACK' and "billing_prices"."store_count" > 0 and "billing_prices"."level" is null and "billing_prices"."months" is null))
);
--> statement-breakpoint
CREATE TABLE "billing_refunds" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "billing_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"reason" text NOT NULL,
	"payee_account" text NOT NULL,
	"status" text DEFAULT 'APPLIED' NOT NULL,
	"refund_trade_no" text,
	"remark" text,
	"settled_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_refunds_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "billing_refunds_amount_positive" CHECK ("billing_refunds"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_trades" (
	"trade_no" text PRIMARY KEY NOT NULL,
	"out_trade_no" text NOT NULL,
	"subject" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"channel" text NOT NULL,
	"passback" text NOT NULL,
	"status" text DEFAULT 'WAIT_BUYER_PAY' NOT NULL,
	"close_reason" text,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"notify_attempts" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "store_quota" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_domain_requests" ADD CONSTRAINT "billing_domain_requests_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD CONSTRAINT "billing_orders_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_order_fk" FOREIGN KEY ("domain_id","order_id") REFERENCES "public"."billing_orders"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_refunds" ADD CONSTRAINT "billing_refunds_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_refunds" ADD CONSTRAINT "billing_refunds_order_fk" FOREIGN KEY ("domain_id","order_id") REFERENCES "public"."billing_orders"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_domain_requests_domain_time_idx" ON "billing_domain_requests" USING btree ("domain_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "billing_orders_domain_no_key" ON "billing_orders" USING btree ("domain_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_orders_domain_open_key" ON "billing_orders" USING btree ("domain_id","order_type") WHERE "billing_orders"."status" = 'WAIT_PAY';--> statement-breakpoint
CREATE INDEX "billing_orders_domain_time_idx" ON "billing_orders" USING btree ("domain_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_domain_order_key" ON "billing_payments" USING btree ("domain_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_refunds_domain_order_key" ON "billing_refunds" USING btree ("domain_id","order_id");--> statement-breakpoint
CREATE INDEX "billing_refunds_domain_time_idx" ON "billing_refunds" USING btree ("domain_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sandbox_trades_out_trade_no_key" ON "payment_sandbox_trades" USING btree ("out_trade_no");