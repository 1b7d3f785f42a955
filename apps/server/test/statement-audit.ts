// The statement audit (docs/scale-out.md): on Citus a statement that names a tenant table goes to
// one node when it names the domain (domain_id = …), and to every node otherwise. The API tests
// record the statements the server sends (createTestApp({ recordStatements: true }), or every test
// app with OPENSELLER_STATEMENT_AUDIT=1) and this module finds those that read or write a tenant
// table without a domain_id condition, or insert into one without domain_id.
//
// It reads SQL text, not a parse tree: a statement's tables are the names after from, join,
// update, into; a table is scoped when `<table or alias>.domain_id` is compared with a value
// (= $1, in (…), = any(…)), or joined on domain_id to a table that is, or, unqualified, when
// `domain_id` is compared with a value anywhere in the statement. Good enough for the
// statements this code base writes (Drizzle's and its own raw SQL); a statement it cannot judge
// goes to the allowlist below with its reason, never silently through.
import { TENANT_TABLES } from '../src/db/tenancy.js';

export interface StatementProblem {
  statement: string;
  table: string;
  problem: 'no domain_id condition' | 'insert without domain_id';
}

/** Statements that may read or write tenant rows of several domains, each with its reason. */
export const CROSS_DOMAIN_STATEMENTS: readonly { match: RegExp; reason: string }[] = [
  {
    match: /^select .* from "(export_files|import_tasks)" where .*"\1"\."heartbeat_at" < now\(\)/s,
    reason:
      'The sweep for interrupted background tasks (platform/jobs.ts watch) looks for stale heartbeats of every domain. On Citus this is a multi-shard read; its FOR UPDATE SKIP LOCKED must become a read of (domain_id, id) followed by a lock per domain (docs/scale-out.md, follow-ups).',
  },
  {
    match: /^update "(export_files|import_tasks)" set .* where \("\1"\."id" (=|in) /s,
    reason:
      'A background task is claimed, beaten, requeued and finished by its id, which its job carries (ids come from one identity sequence per table, so an id names one row). On Citus these go to every shard until the job payload carries domain_id too (docs/scale-out.md, follow-ups).',
  },
  {
    match: /^select .* from "(export_files|import_tasks)" where \("\1"\."(process_status|status)" (= \$1|= any\(\$1::text\[\]\)) and "\1"\."id" = any\(\$2::bigint\[\]\)\).* for update skip locked$/s,
    reason: 'A worker process that stops hands back the tasks it holds, by the ids their jobs carry (see the entry above).',
  },
  {
    match: /^select .* from "(export_files|import_tasks)" where \("\1"\."id" = \$1 and "\1"\."(attempt|status|process_status)"/s,
    reason: 'The worker of a background task reads its task by the id its job carries (see the entry above).',
  },
  {
    match: /^\s*select (?:\w+\.)?"?domain_id"?, (?:\w+\.)?"?id"?(, "\w+")* from "?\w+"?(?:\s+\w+)?\s+where\s/s,
    reason:
      'A background sweep (warehouse-system sync, sandbox warehouse polling, scheduled stock sync) finds the due rows of every domain by their (domain_id, id), then works each one with statements of its own domain. On Citus a multi-shard read.',
  },
  {
    match: /^select id, domain_id, store_type, secret_key, usable, platform_code from stores where id = \$1$/,
    reason: 'The signed order ingest names only its store (x-store-id); the store row tells its domain, and every later statement names it.',
  },
  {
    match: /^select .* from "store_auth_requests" where "store_auth_requests"\."state_hash" = \$1 for update$/s,
    reason: 'A marketplace authorization comes back with only its unguessable state; the request row tells its domain.',
  },
  {
    match: /^select .* from "sandbox_shops" where "sandbox_shops"\."shop_key" = \$1$/s,
    reason: 'The sandbox marketplace consent page is opened with only its unguessable shop key; the shop row tells its domain.',
  },
  {
    match: /^select .* from "waybill_account_shares" (inner join "waybill_accounts" .*)?where \(?.*"waybill_account_shares"\."beneficiary_domain_id" = \$\d+/s,
    reason:
      'A shared waybill account lives with its owner domain; the domain it is shared with lists its shares and takes numbers from them by its own domain as beneficiary (a cross-domain read by design).',
  },  {
    match: /^select distinct "domain_id", "store_id" from "marketplace_inbound_messages" where "marketplace_inbound_messages"\."status" = \$1$/,
    reason:
      'The marketplace message sweep (marketplace-inbound.sweep, every minute) finds the stores of every domain with messages waiting, then sends each store its job, which works with statements of its own domain. On Citus a multi-shard read served by the partial index on open messages.',
  },
  {
    match: /^select distinct domain_id from report_ship_dirty$/,
    reason:
      'The shipping-report job (reports.shipping-refresh, every minute) finds the domains with orders to fold into their aggregates, then folds each in with statements of its own domain. On Citus a multi-shard read of a small queue table.',
  },
  {
    match: /^select (count\(\*\)::int|.*"domains"\."name") from "billing_refunds" inner join "billing_orders" on \("billing_orders"\."domain_id" = "billing_refunds"\."domain_id" /s,
    reason: "The root account's list of refund requests (refund/shopper/search) spans every domain; a seller's own list names its domain. On Citus a multi-shard read of a short list.",
  },
  {
    match: /^select "domain_id" from "billing_refunds" where "billing_refunds"\."id" = \$1$/,
    reason: 'The root account settles a refund by its id (refund/shopper/updatePayInfo); the row tells its domain, and every later statement names it.',
  },
  {
    match: /^select (count\(\*\)::int|.*"domains"\."name") from "billing_domain_requests"/s,
    reason: "The root account's list of edition requests (billing/request/search) spans every domain. On Citus a multi-shard read of a short list.",
  },
  {
    match: /^\s*select notice_id, count\(\*\)::int as n from system_notice_reads where notice_id = any\(\$1::bigint\[\]\) group by notice_id$/,
    reason: 'The root account counts the read receipts of its system notices over every domain (modules/notices): a notice is the platform\'s, read in many domains. On Citus a multi-shard read, on the root list only.',
  },
  {
    match: /^\s*select t\.notice_id, d\.id, d\.code, d\.name from system_notice_targets t join domains d on d\.id = t\.domain_id\s+where t\.notice_id = any\(\$1::bigint\[\]\) order by d\.id$/,
    reason: 'The root account lists the domains a directional notice was sent to (modules/notices): one notice, many domains. On Citus a multi-shard read, on the root list only.',
  },
  {
    match: /^delete from system_notice_targets where notice_id = \$1$/,
    reason: 'The root account replaces the chosen domains of a directional notice as a whole (modules/notices): one notice, many domains.',
  },
];

const TENANT = new Set(TENANT_TABLES);
const NOT_ALIAS = new Set([
  'where', 'set', 'on', 'inner', 'left', 'right', 'full', 'cross', 'join', 'using', 'order', 'group', 'limit', 'offset', 'values',
  'select', 'for', 'returning', 'union', 'natural', 'lateral', 'as', 'default', 'having', 'window', 'except', 'intersect', 'overriding',
  'on_conflict', 'do', 'with', 'and', 'or', 'when', 'then', 'else', 'end',
]);

/** The statement with string literals blanked, quotes around identifiers dropped, one space for any run of white space, lower case. */
function normalise(text: string): string {
  return text
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(\w+)"/g, '$1')
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .trim();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const VALUE = String.raw`(?:\$\d+|\d+|''|any\s*\(|\(\s*(?:\$|select\b))`;

/** `name.domain_id` compared with a value: a parameter, a literal, `any(…)`, a list or a subquery. */
function pinned(sql: string, name: string): boolean {
  const n = escape(name);
  return (
    new RegExp(`(?:^|[^\\w.])${n}\\.domain_id\\s*(?:=\\s*${VALUE}|in\\s*\\()`).test(sql) ||
    new RegExp(`(?:\\$\\d+)\\s*=\\s*${n}\\.domain_id\\b`).test(sql) ||
    new RegExp(`\\(\\s*${n}\\.domain_id\\s*,[^)]*\\)\\s*(?:=|in\\b)`).test(sql)
  );
}

/** Pairs of names whose domain_id columns are compared with each other (join conditions). */
function links(sql: string): [string, string][] {
  return [...sql.matchAll(/(?:^|[^\w.])(\w+)\.domain_id\s*(?:=|is not distinct from)\s*(\w+)\.domain_id\b/g)].map((m) => [m[1]!, m[2]!]);
}

/** `domain_id` compared with a value without a table: the statement's only table with the column (PostgreSQL refuses an ambiguous one). */
function unqualifiedCondition(sql: string): boolean {
  return (
    new RegExp(`(?:^|[^\\w.])domain_id\\s*(?:=\\s*${VALUE}|in\\s*\\(|is not distinct from)`).test(sql) ||
    /(?:=|is not distinct from)\s*domain_id\b/.test(sql) ||
    /\(\s*domain_id\s*,[^)]*\)\s*(?:=|in\b)/.test(sql) ||
    /using\s*\([^)]*\bdomain_id\b/.test(sql)
  );
}

/** The problems of one statement; none when it names no tenant table or names each one's domain. */
export function auditStatement(text: string): StatementProblem[] {
  const sql = normalise(text);
  if (!/\b(?:from|join|update|into)\b/.test(sql)) return [];
  if (CROSS_DOMAIN_STATEMENTS.some((a) => a.match.test(text))) return [];
  const problems: StatementProblem[] = [];
  const refs: { table: string; alias: string | null; kind: string; at: number }[] = [];
  // Platform tables (and their aliases): a domain_id read from their row is a known domain.
  const platformNames = new Set<string>();
  for (const m of sql.matchAll(/\b(from|join|update|into)\s+(?:only\s+)?(?:public\.)?(\w+)(?:\s+(?:as\s+)?(\w+))?/g)) {
    const table = m[2]!;
    const alias = m[3] && !NOT_ALIAS.has(m[3]) ? m[3] : null;
    if (!TENANT.has(table)) {
      platformNames.add(table);
      if (alias) platformNames.add(alias);
      continue;
    }
    refs.push({ table, alias, kind: m[1]!, at: m.index });
  }
  if (!refs.length) return [];
  const unqualified = unqualifiedCondition(sql);
  // A table (or alias) is scoped when its domain_id is compared with a value, or joined on
  // domain_id to one that is (the outer row of a correlated subquery counts).
  const names = new Set(refs.flatMap((r) => (r.alias ? [r.table, r.alias] : [r.table])));
  for (const m of sql.matchAll(/(?:^|[^\w.])(\w+)\.domain_id\b/g)) names.add(m[1]!);
  const scopedNames = new Set([...names].filter((n) => pinned(sql, n) || platformNames.has(n)));
  const pairs = links(sql);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [a, b] of pairs) {
      if (scopedNames.has(a) !== scopedNames.has(b)) {
        scopedNames.add(a);
        scopedNames.add(b);
        grew = true;
      }
    }
  }
  for (const ref of refs) {
    if (ref.kind === 'into') {
      // insert into t (cols…) values / select …: domain_id must be among the columns.
      const columns = sql.slice(ref.at).match(/^into\s+(?:public\.)?\w+(?:\s+(?:as\s+)?\w+)?\s*\(([^)]*)\)/);
      if (!columns || !/\bdomain_id\b/.test(columns[1]!)) problems.push({ statement: text, table: ref.table, problem: 'insert without domain_id' });
      continue;
    }
    const scoped = scopedNames.has(ref.table) || (ref.alias !== null && scopedNames.has(ref.alias)) || unqualified;
    if (!scoped) problems.push({ statement: text, table: ref.table, problem: 'no domain_id condition' });
  }
  return problems;
}

/** The problems of many statements, each distinct statement once. */
export function auditStatements(statements: Iterable<string>): StatementProblem[] {
  const seen = new Set<string>();
  const problems: StatementProblem[] = [];
  for (const s of statements) {
    if (seen.has(s)) continue;
    seen.add(s);
    problems.push(...auditStatement(s));
  }
  return problems;
}

/** One line per problem, for a failing test's message. */
export function describeProblems(problems: readonly StatementProblem[]): string {
  return problems.map((p) => `${p.table}: ${p.problem}\n    ${p.statement.replace(/\s+/g, ' ').slice(0, 600)}`).join('\n');
}
