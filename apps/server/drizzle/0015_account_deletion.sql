ALTER TABLE "users" DROP CONSTRAINT "users_has_account";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_has_account" CHECK ("users"."email" is not null or "users"."mobile" is not null or "users"."deleted_at" is not null);