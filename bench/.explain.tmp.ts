import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { OrderSearchInput } from '@openseller/core';
import { countOrderTabsQueries, searchOrderIdsQueries } from '../apps/server/src/modules/orders/list/list.queries.js';
const pool = new pg.Pool({ connectionString: process.env.URL });
const d = new PgDialect();
const input = OrderSearchInput.parse(JSON.parse(process.argv[2]!));
const qs = { ...searchOrderIdsQueries(1, input), ...countOrderTabsQueries(1, input) };
for (const [k, q] of Object.entries(qs)) {
  if (process.argv[3] && !process.argv[3].split(',').includes(k)) continue;
  const { sql, params } = d.sqlToQuery(q);
  const r = await pool.query('explain (analyze, buffers off, costs off) ' + sql, params as unknown[]);
  console.log(`--- ${k}\n` + r.rows.map((x) => x['QUERY PLAN']).join('\n'));
}
await pool.end();
