// Which tables belong to a tenant and which to the platform, for a Citus cluster that distributes
// the tenant tables by domain_id (docs/scale-out.md).
//
// A tenant table has a NOT NULL domain_id; its primary key is (domain_id, id), every unique index
// includes domain_id, and its foreign keys to other tenant tables are (domain_id, x_id) ->
// (domain_id, id). On Citus it is create_distributed_table('<table>', 'domain_id'), colocated with
// the others, so that a seller's rows of every table sit on one node and a statement that names the
// domain goes to that node alone. Every statement on a tenant table names its domain_id.
//
// Every other table is listed here with the reason it has no tenant. Tests check both sides:
// db/tenancy.api.test.ts reads the catalogue of the migrated database, and the statement audit
// (test/statement-audit.ts) reads the statements the server sends.
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';

export interface PlatformTable {
  /**
   * reference: create_reference_table, a copy on every node, because tenant rows point at it
   * (foreign keys from distributed tables may only go to reference tables) or every node reads it.
   * local: stays on the coordinator (citus_add_local_table_to_metadata), platform bookkeeping that no
   * tenant statement joins.
   */
  citus: 'reference' | 'local';
  reason: string;
}

export const REFERENCE_TABLES: Readonly<Record<string, PlatformTable>> = {
  domains: { citus: 'reference', reason: 'The tenants themselves: the domain_id of every tenant table references domains.id, and the root console lists all domains.' },
  users: {
    citus: 'reference',
    reason: 'Sign-in finds an account by its login name before any domain is known, login names are unique across the platform, and the root account has no domain.',
  },
  user_configs: { citus: 'reference', reason: 'Per-account preferences keyed by user_id, read with the session before any tenant statement.' },
  auth_tokens: { citus: 'reference', reason: 'Sessions: the token of a request is looked up by its hash before its domain is known; references users.' },
  login_codes: {
    citus: 'reference',
    reason: 'One-time sign-in and customer-service codes are looked up by their hash before any domain is known (a sign-in); session resolution joins them with auth_tokens.',
  },
  login_logs: {
    citus: 'local',
    reason: 'Sign-in attempts, also of names that belong to no domain (domain_id null); the captcha, lock and rate rules read them by login name and IP across domains.',
  },
  login_guards: { citus: 'local', reason: 'Lock state per login name, whether or not the name exists in any domain.' },
  captchas: { citus: 'local', reason: 'Captchas are issued before sign-in, to no domain.' },
  sms_codes: { citus: 'local', reason: 'SMS codes are sent to a phone number before sign-in, to no domain.' },
  sms_outbox: { citus: 'local', reason: 'The outbox of the default SMS sender, read by the root account.' },
  security_keys: { citus: 'reference', reason: 'The RSA key pair of the platform for password transport.' },
  system_configs: { citus: 'reference', reason: 'Platform-wide settings (site title and the like).' },
  stored_files: {
    citus: 'reference',
    reason: 'The index of the file store: pictures are served by their unguessable key without a domain, platform files have no domain, and export and import tasks reference it.',
  },
  billing_prices: { citus: 'reference', reason: 'The price table of editions and store packs, set by the root account and read by every seller.' },
  payment_sandbox_trades: {
    citus: 'local',
    reason: "The sandbox payment provider's own books, keyed by its trade number: its cashier page is opened with only that number, as a wallet's is.",
  },
  system_notices: {
    citus: 'reference',
    reason: 'Notices of the platform written by the root account for many domains; the notice targets and read receipts of every domain reference them.',
  },
  help_manuals: { citus: 'local', reason: 'The help centre of the platform, written by the root account and read by anyone, signed out too; no tenant statement joins it.' },
  emergency_notices: { citus: 'reference', reason: 'The one emergency notice page of the platform, served to anyone without a domain.' },
  job_registry: { citus: 'local', reason: 'The job queue\'s own bookkeeping (one row per job, platform-wide), beside pg-boss\'s tables on the coordinator.' },
  job_runs: { citus: 'local', reason: 'The run history of platform jobs, which run across all domains; read only by the root account.' },
  connector_apps: {
    citus: 'reference',
    reason: "The installation's own app registrations on the marketplaces (one per platform, set by the root account); every node making a marketplace call reads them.",
  },
  admin_logs: { citus: 'local', reason: 'The root account\'s platform changes (jobs, queue consumers, feature domains), which belong to no one domain.' },
  domain_features: {
    citus: 'reference',
    reason: 'Feature domains (domainFuture): a short platform list the root account keeps across all domains, and any node asks whether a feature is on for a domain.',
  },
  marketplace_unmatched_messages: {
    citus: 'local',
    reason:
      "Messages of Taobao's message service (TMC) naming a seller that is no store of any domain: kept once so a redelivery is recognised and confirmed again; they belong to no domain, and no tenant statement joins them.",
  },
  carrier_sandbox_sequences: { citus: 'reference', reason: 'The number sequence of the sandbox carrier per carrier code: waybill numbers are unique across all domains.' },
};

/** Schemas that are not the application's tables: migrations bookkeeping and the job queue (pg-boss), both local to the coordinator. */
export const LOCAL_SCHEMAS = ['drizzle', 'pgboss'] as const;

function allTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
}

/** The tenant tables: every table of the schema that is not a platform table (each has domain_id). */
export const TENANT_TABLES: readonly string[] = allTables()
  .map((t) => getTableConfig(t).name)
  .filter((name) => !(name in REFERENCE_TABLES))
  .sort();
