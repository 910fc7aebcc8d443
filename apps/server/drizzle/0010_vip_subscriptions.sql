-- What the bare status said becomes a subscription: a trial runs its 10 days from now, an open
-- function one year (no plan limit), an overdue one ended now.
INSERT INTO "vip_subscriptions" ("user_id", "trial_started_at", "trial_ends_at", "paid_until")
SELECT "id",
	now(),
	CASE WHEN "vip_status" = 1 THEN now() + interval '10 days' WHEN "vip_status" = 3 THEN now() END,
	CASE WHEN "vip_status" = 2 THEN now() + interval '1 year' END
FROM "users" WHERE "vip_status" <> 0;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "vip_status";
