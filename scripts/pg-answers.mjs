#!/usr/bin/env node
// Exits 0 when a PostgreSQL server answers at the URL given, 1 otherwise (used by .ci/run).
import pg from 'pg';

const url = process.argv[2];
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query('select 1');
  await client.end();
  process.exit(0);
} catch {
  process.exit(1);
}
