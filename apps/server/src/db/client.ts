import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.js';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: query functions take either. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

// Return int8 and numeric as JavaScript values the API can send: bigint ids fit in a double
// up to 2^53; numeric stays a string so money keeps its exact decimals.
pg.types.setTypeParser(20, (v) => Number(v));

export interface ConnectOptions {
  max?: number;
  applicationName?: string;
  /** Called with the text of every statement sent (the tests' statement audit, test/statement-audit.ts). */
  onStatement?: (text: string) => void;
}

export function connectDatabase(url: string, options: ConnectOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    application_name: options.applicationName ?? 'openseller',
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  const onStatement = options.onStatement;
  if (onStatement) {
    // pool.query and transactions both end in a client's query(), so every statement passes here.
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const first = args[0] as string | { text?: unknown } | undefined;
        const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : undefined;
        if (text !== undefined) onStatement(text);
        return query(...args);
      };
    });
  }
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    url,
    close: () => pool.end(),
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  // One connection holds the advisory lock and runs the migrations, so that several processes
  // starting at once migrate one after another.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}

/** Creates a database on the server of `serverUrl` when it does not exist; answers its URL. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = '/' + name;
  return url.toString();
}
