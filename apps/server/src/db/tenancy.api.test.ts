// The schema can be distributed by domain_id on Citus (docs/scale-out.md): read from the catalogue
// of the migrated database, every tenant table has a NOT NULL domain_id, a primary key and unique
// indexes that include it, and foreign keys to other tenant tables that carry it; every other table
// is a platform table listed in REFERENCE_TABLES, and none of those points at a tenant table.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REFERENCE_TABLES, TENANT_TABLES } from './tenancy.js';

interface Catalogue {
  query<T extends pg.QueryResultRow>(text: string): Promise<{ rows: T[] }>;
}

/** Every way the public schema of `db` could not be distributed by domain_id, one sentence each. */
async function tenancyProblems(db: Catalogue): Promise<string[]> {
  const problems: string[] = [];
  const tables = await db.query<{ name: string; domain_id: boolean | null }>(`
    select c.relname as name, (select not a.attnotnull from pg_attribute a where a.attrelid = c.oid and a.attname = 'domain_id' and not a.attisdropped) as domain_id
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')`);
  const tenant = new Set<string>();
  for (const t of tables.rows) {
    if (t.name in REFERENCE_TABLES) continue;
    // domain_id here is "nullable": null when the column is missing.
    if (t.domain_id === null) problems.push(`${t.name}: no domain_id and not listed in REFERENCE_TABLES`);
    else if (t.domain_id) problems.push(`${t.name}: domain_id may be null`);
    tenant.add(t.name);
  }
  for (const name of Object.keys(REFERENCE_TABLES)) {
    if (!tables.rows.some((t) => t.name === name)) problems.push(`${name}: listed in REFERENCE_TABLES but no such table`);
  }
  const constraints = await db.query<{ table: string; name: string; type: 'p' | 'u' | 'f'; target: string | null; columns: string[]; target_columns: string[] | null; def: string }>(`
    select c.conrelid::regclass::text as table, c.conname as name, c.contype as type, c.confrelid::regclass::text as target,
      (select array_agg(a.attname::text order by k.i) from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n) as columns,
      (select array_agg(a.attname::text order by k.i) from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n) as target_columns,
      pg_get_constraintdef(c.oid) as def
    from pg_constraint c where c.connamespace = 'public'::regnamespace and c.contype in ('p', 'u', 'f')`);
  const withPrimaryKey = new Set<string>();
  for (const c of constraints.rows) {
    if (c.type === 'p') withPrimaryKey.add(c.table);
    if (!tenant.has(c.table)) {
      if (c.type === 'f' && c.target && tenant.has(c.target)) problems.push(`${c.table}.${c.name}: a platform table references tenant table ${c.target} (${c.def})`);
      continue;
    }
    if (c.type !== 'f') {
      if (!c.columns.includes('domain_id')) problems.push(`${c.table}.${c.name}: ${c.type === 'p' ? 'primary key' : 'unique constraint'} without domain_id (${c.def})`);
      continue;
    }
    if (!c.target || !tenant.has(c.target)) continue; // to a reference table: a simple key is fine
    const at = c.columns.indexOf('domain_id');
    if (at < 0 || c.target_columns?.[at] !== 'domain_id') problems.push(`${c.table}.${c.name}: foreign key to tenant table ${c.target} without domain_id = domain_id (${c.def})`);
  }
  for (const name of tenant) if (!withPrimaryKey.has(name) && !(await hasUniqueWithDomain(db, name))) problems.push(`${name}: no primary key`);
  const indexes = await db.query<{ table: string; name: string; def: string; has_domain: boolean }>(`
    select t.relname as table, i.relname as name, pg_get_indexdef(i.oid) as def,
      exists (select 1 from unnest(x.indkey::int2[]) k(n) join pg_attribute a on a.attrelid = t.oid and a.attnum = k.n where a.attname = 'domain_id') as has_domain
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and x.indisunique and not exists (select 1 from pg_constraint c where c.conindid = i.oid and c.conrelid = t.oid)`);
  for (const i of indexes.rows) {
    if (tenant.has(i.table) && !i.has_domain) problems.push(`${i.table}.${i.name}: unique index without domain_id (${i.def})`);
  }
  return problems.sort();
}

/** A tenant table without a primary key still distributes when a unique index with domain_id identifies its rows. */
async function hasUniqueWithDomain(db: Catalogue, table: string): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(`
    select count(*)::int as n from pg_index x join pg_class t on t.oid = x.indrelid
    where t.relname = '${table}' and t.relnamespace = 'public'::regnamespace and x.indisunique
      and exists (select 1 from unnest(x.indkey::int2[]) k(n) join pg_attribute a on a.attrelid = t.oid and a.attnum = k.n where a.attname = 'domain_id')`);
  return (rows[0]?.n ?? 0) > 0;
}

describe('a schema Citus can distribute by domain_id', () => {
  const serverUrl = inject('pgServerUrl');
  const name = `t_${inject('testRunId')}_tenancy_${randomBytes(3).toString('hex')}`;
  let db: pg.Client;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = '/' + name;
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('keys every tenant table by domain_id and lists every other table as a platform table', async () => {
    expect(await tenancyProblems(db)).toEqual([]);
  });

  it('knows the tenant tables the schema declares, and each exists in the database', async () => {
    const { rows } = await db.query<{ name: string }>(`select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`);
    const present = new Set(rows.map((r) => r.name));
    expect(TENANT_TABLES.length).toBeGreaterThan(80);
    expect(TENANT_TABLES.filter((t) => !present.has(t))).toEqual([]);
    expect(TENANT_TABLES).toContain('erp_orders');
    expect(TENANT_TABLES).not.toContain('users');
  });

  it('names each kind of constraint Citus would refuse', async () => {
    await db.query('begin');
    try {
      await db.query(`create table unlisted_things (id bigint primary key)`);
      await db.query(`create table tenant_things (domain_id bigint not null, id bigint not null, code text, spu_id bigint, primary key (id))`);
      await db.query(`create unique index tenant_things_code_key on tenant_things (code)`);
      await db.query(`create table loose_things (domain_id bigint, id bigint not null, unique (domain_id, id))`);
      await db.query(`alter table stored_files add column order_id bigint`);
      await db.query(`alter table stored_files add constraint stored_files_order_fk foreign key (domain_id, order_id) references erp_orders (domain_id, id)`);
      const problems = await tenancyProblems(db);
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^unlisted_things: no domain_id and not listed/),
          expect.stringMatching(/^tenant_things\.tenant_things_pkey: primary key without domain_id/),
          expect.stringMatching(/^tenant_things\.tenant_things_code_key: unique index without domain_id/),
          expect.stringMatching(/^loose_things: domain_id may be null/),
          expect.stringMatching(/^stored_files\.stored_files_order_fk: a platform table references tenant table erp_orders/),
        ]),
      );
    } finally {
      await db.query('rollback');
    }
  });

  it('finds a foreign key between tenant tables that leaves out domain_id', async () => {
    await db.query('begin');
    try {
      // spus(id) is no longer unique on its own; a unique index lets the old-style key be declared.
      await db.query(`create unique index spus_id_only on spus (id)`);
      await db.query(`create table tenant_refs (domain_id bigint not null, id bigint not null, spu_id bigint references spus (id), primary key (domain_id, id))`);
      expect(await tenancyProblems(db)).toEqual([
        expect.stringMatching(/^spus\.spus_id_only: unique index without domain_id/),
        expect.stringMatching(/^tenant_refs\.tenant_refs_spu_id_fkey: foreign key to tenant table spus without domain_id/),
      ]);
    } finally {
      await db.query('rollback');
    }
  });
});
