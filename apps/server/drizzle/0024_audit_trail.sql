CREATE TABLE "audit_chain_heads" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"hash" text NOT NULL,
	"anchor_seq" bigint DEFAULT 0 NOT NULL,
	"anchor_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"at" bigint NOT NULL,
	"actor_user_id" integer,
	"actor_kind" text NOT NULL,
	"session_id" bigint,
	"api_key_id" bigint,
	"app_id" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"path" text NOT NULL,
	"lock_id" integer,
	"target" jsonb NOT NULL,
	"params" jsonb NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_entries_account_seq_idx" ON "audit_entries" USING btree ("account_id","seq");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_account_at_idx" ON "audit_entries" USING btree ("account_id","at");