CREATE TABLE "marketplace_unmatched_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_unmatched_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"platform_code" text NOT NULL,
	"app_key" text NOT NULL,
	"message_id" text NOT NULL,
	"event" text NOT NULL,
	"shop_id" text NOT NULL,
	"platform_nos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketplace_inbound_messages" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_inbound_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_unmatched_messages_key" ON "marketplace_unmatched_messages" USING btree ("platform_code","app_key","message_id");--> statement-breakpoint
CREATE INDEX "marketplace_inbound_messages_open_idx" ON "marketplace_inbound_messages" USING btree ("status","claimed_at") WHERE status in ('QUEUED', 'PROCESSING');
--> statement-breakpoint
-- Messages a pull claimed before claims were stamped: taken as claimed when they arrived, so the sweep reclaims them.
UPDATE "marketplace_inbound_messages" SET "claimed_at" = "created_at" WHERE "status" = 'PROCESSING' AND "claimed_at" IS NULL;
