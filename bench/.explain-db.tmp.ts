// temporary helper (not committed): a kept database with the orders world for EXPLAIN work
import pg from 'pg';
import { connectDatabase, ensureDatabase, migrateDatabase } from '../apps/server/src/db/client.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { generateOrdersWorld } from './orders-data.js';
const embedded = await startEmbeddedPostgres({ clusterDir: '/tmp/orders-explain/db' });
const url = await ensureDatabase(embedded.url, 'orders_explain');
const database = connectDatabase(url, { max: 4 });
await migrateDatabase(database);
const pool = new pg.Pool({ connectionString: url, max: 4 });
const w = await generateOrdersWorld(pool, { orders: Number(process.env.ORDERS ?? 1000000), skus: 50000, stores: 20, warehouses: 5, otherDomains: 0, otherOrders: 0, pending: 100000 }, console.log);
console.log('URL', url, 'DOMAIN', w.domainId, 'STORES', w.storeIds.join(','));
setInterval(() => {}, 1 << 30);
