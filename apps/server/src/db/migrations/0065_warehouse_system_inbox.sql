CREATE TABLE "warehouse_system_inbox" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "warehouse_system_inbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"system" text NOT NULL,
	"method" text NOT NULL,
	"message_key" text NOT NULL,
	"kind" text NOT NULL,
	"doc_code" text NOT NULL,
	"result_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"outcome" text,
	"message" text,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_system_inbox_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
ALTER TABLE "warehouse_system_inbox" ADD CONSTRAINT "warehouse_system_inbox_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_system_inbox" ADD CONSTRAINT "warehouse_system_inbox_warehouse_id_fk" FOREIGN KEY ("domain_id","warehouse_id") REFERENCES "public"."warehouses"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_system_inbox_key" ON "warehouse_system_inbox" USING btree ("domain_id","warehouse_id","message_key");--> statement-breakpoint
CREATE INDEX "warehouse_system_inbox_pending_idx" ON "warehouse_system_inbox" USING btree ("domain_id","warehouse_id","kind","id");