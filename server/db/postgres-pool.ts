// How many connections one process's statements hold on PostgreSQL by default (DATABASE_POOL_MAX
// sets another). The sender (16 sends at once), the recovery worker (8) and the webhooks share the
// pool: at 10 they waited on each other under bench:recovery's load (docs/benchmarks.md, "Checkout
// recovery"). A fleet of many processes sets less, or a pooler in front (docs/capacity.md).
export const POSTGRES_POOL_MAX = 20;
