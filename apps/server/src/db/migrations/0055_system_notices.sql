CREATE TABLE "emergency_notices" (
	"id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_notices_single_row" CHECK ("emergency_notices"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "system_notice_reads" (
	"domain_id" bigint NOT NULL,
	"notice_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "system_notice_reads_domain_id_notice_id_user_id_pk" PRIMARY KEY("domain_id","notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "system_notice_targets" (
	"domain_id" bigint NOT NULL,
	"notice_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_notice_targets_domain_id_notice_id_pk" PRIMARY KEY("domain_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "system_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"play_frequency" text DEFAULT 'ONCE' NOT NULL,
	"play_start_time" timestamp with time zone NOT NULL,
	"play_end_time" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"direct_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"published_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_notices_type_check" CHECK ("system_notices"."type" in ('BOARD', 'DIRECTIONAL', 'NEWS')),
	CONSTRAINT "system_notices_status_check" CHECK ("system_notices"."status" in ('DRAFT', 'PUBLISHED', 'STOPPED')),
	CONSTRAINT "system_notices_frequency_check" CHECK ("system_notices"."play_frequency" in ('ONCE', 'DAILY')),
	CONSTRAINT "system_notices_window_check" CHECK ("system_notices"."play_end_time" > "system_notices"."play_start_time")
);
--> statement-breakpoint
ALTER TABLE "system_notice_reads" ADD CONSTRAINT "system_notice_reads_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notice_reads" ADD CONSTRAINT "system_notice_reads_notice_id_system_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."system_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notice_reads" ADD CONSTRAINT "system_notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notice_targets" ADD CONSTRAINT "system_notice_targets_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notice_targets" ADD CONSTRAINT "system_notice_targets_notice_id_system_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."system_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_notices_play_idx" ON "system_notices" USING btree ("status","play_start_time","play_end_time");--> statement-breakpoint
CREATE INDEX "system_notices_created_idx" ON "system_notices" USING btree ("created_at" DESC NULLS FIRST);