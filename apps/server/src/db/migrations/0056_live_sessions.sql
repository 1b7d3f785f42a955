CREATE TABLE "live_anchors" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "live_anchors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"remark" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_anchors_domain_id_id_pk" PRIMARY KEY("domain_id","id")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "live_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" bigint NOT NULL,
	"live_name" text NOT NULL,
	"store_id" bigint NOT NULL,
	"anchor_id" bigint,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_sessions_domain_id_id_pk" PRIMARY KEY("domain_id","id"),
	CONSTRAINT "live_sessions_end_after_start" CHECK ("live_sessions"."end_time" > "live_sessions"."start_time")
);
--> statement-breakpoint
ALTER TABLE "live_anchors" ADD CONSTRAINT "live_anchors_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_store_id_fk" FOREIGN KEY ("domain_id","store_id") REFERENCES "public"."stores"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_anchor_id_fk" FOREIGN KEY ("domain_id","anchor_id") REFERENCES "public"."live_anchors"("domain_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_anchors_domain_name_key" ON "live_anchors" USING btree ("domain_id","name");--> statement-breakpoint
CREATE INDEX "live_sessions_domain_store_time_idx" ON "live_sessions" USING btree ("domain_id","store_id","start_time");--> statement-breakpoint
CREATE INDEX "live_sessions_domain_time_idx" ON "live_sessions" USING btree ("domain_id","start_time" DESC NULLS LAST,"id");