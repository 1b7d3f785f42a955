CREATE TABLE "marketplace_inbound_messages" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_inbound_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"platform_code" text NOT NULL,
	"app_key" text NOT NULL,
	"message_id" text NOT NULL,
	"event" text NOT NULL,
	"platform_nos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"outcome" text,
	"sync_run_id" bigint,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_inbound_messages_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "qimen_customer_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_shops" ADD COLUMN "push_messages" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_shops" ADD COLUMN "push_failures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_sync_runs" ADD COLUMN "pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_inbound_messages" ADD CONSTRAINT "marketplace_inbound_messages_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_inbound_messages" ADD CONSTRAINT "marketplace_inbound_messages_store_id_fk" FOREIGN KEY ("domain_id","store_id") REFERENCES "public"."stores"("domain_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_inbound_messages_key" ON "marketplace_inbound_messages" USING btree ("domain_id","platform_code","app_key","message_id");--> statement-breakpoint
CREATE INDEX "marketplace_inbound_messages_queued_idx" ON "marketplace_inbound_messages" USING btree ("domain_id","store_id","status","id");