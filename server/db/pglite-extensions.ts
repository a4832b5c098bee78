// The PostgreSQL extensions the migrations create, as PGlite loads them: PGlite's contrib modules
// must be named when a database opens, or a statement touching what they define fails. pg_trgm and
// btree_gin index the product match's text by trigrams within one inventory
// (server/inventories/inventory-tables.ts, inventory_products_match).
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const pgliteExtensions = { pg_trgm, btree_gin };
