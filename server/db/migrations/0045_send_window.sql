-- A number's throughput is counted as the times of its latest sends (a sliding window), not as tokens.
ALTER TABLE "messaging_buckets" ADD COLUMN "recent" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "messaging_buckets" DROP COLUMN "milli_tokens";
