// The environment settings the server runs with (spec 02 §7.15 envConfig/getDataList): the
// settings of README.md with their values, never a secret: passwords and keys are masked, and a
// database URL shows its password masked.
import type { EnvConfigRow } from '@openseller/core';

interface Setting {
  name: string;
  defaultValue: string | null;
  description: string;
  secret?: boolean;
  url?: boolean;
}

export const ENV_SETTINGS: readonly Setting[] = [
  { name: 'NODE_ENV', defaultValue: null, description: 'production stops the creation of default passwords' },
  { name: 'PORT', defaultValue: '8080', description: 'HTTP port' },
  { name: 'HOST', defaultValue: '0.0.0.0', description: 'address to listen on' },
  { name: 'DATA_DIR', defaultValue: './data', description: 'where the embedded PostgreSQL and the file store keep their data' },
  { name: 'DATABASE_URL', defaultValue: null, description: 'the PostgreSQL server in use instead of the embedded one', url: true },
  { name: 'SITE_TITLE', defaultValue: 'OpenSeller', description: 'the site-wide title' },
  { name: 'WORKERS', defaultValue: '1', description: '0 runs this process without job workers (API only)' },
  { name: 'TRUST_PROXY', defaultValue: null, description: 'client addresses come from X-Forwarded-For' },
  { name: 'CHECK_ANSWERS', defaultValue: null, description: '1 checks every answer against its contract' },
  { name: 'ROOT_PASSWORD', defaultValue: null, description: 'password of the root demo account', secret: true },
  { name: 'DEMO_PASSWORD', defaultValue: null, description: 'password of the demo seller account', secret: true },
  { name: 'PICKER_PASSWORD', defaultValue: null, description: 'password of the demo picker account', secret: true },
  { name: 'STOCK_SYNC_CRON', defaultValue: '*/5 * * * *', description: 'default schedule of the automatic stock push' },
  { name: 'ORDER_PULL_CRON', defaultValue: '*/5 * * * *', description: 'default schedule of the order pull' },
  { name: 'AFTER_SALES_WRITE_BACK_CRON', defaultValue: '* * * * *', description: 'default schedule of the after-sale write-back' },
  { name: 'TAOBAO_TMC_CRON', defaultValue: '* * * * *', description: 'default schedule of the Taobao message (TMC) consumption (off to stop)' },
  { name: 'TAOBAO_TMC_GROUP', defaultValue: null, description: 'Taobao message user group consumed (the default group when unset)' },
  { name: 'INBOUND_SWEEP_CRON', defaultValue: '* * * * *', description: 'default schedule of the marketplace message sweep (off to stop)' },
  { name: 'INBOUND_PROCESSING_TIMEOUT_MINUTES', defaultValue: '15', description: 'after how long a claimed marketplace message whose pull did not finish is taken again' },
  { name: 'TRACKING_CRON', defaultValue: '*/10 * * * *', description: 'default schedule of parcel tracking (off to stop)' },
  { name: 'TRACKING_JOB_CAP', defaultValue: '2000', description: 'parcels per domain one tracking run checks' },
  { name: 'WMS_POLL_CRON', defaultValue: '* * * * *', description: 'default schedule of the warehouse-system poll (off to stop)' },
  { name: 'OPENSELLER_SECRET_KEY', defaultValue: 'DATA_DIR/secret.key', description: 'key of secrets at rest (store tokens, app secrets): 64 hex characters; else a key file created once', secret: true },
  { name: 'MARKETPLACE_CALL_TIMEOUT_MS', defaultValue: '15000', description: 'marketplace connector deadline' },
  { name: 'MARKETPLACE_RETRY_BASE_MS', defaultValue: '500', description: 'marketplace connector retry back-off' },
  { name: 'CARRIER_SANDBOX_LATENCY_MS', defaultValue: '120', description: 'how long the sandbox carrier takes to answer' },
  { name: 'CARRIER_SANDBOX_CLOCK', defaultValue: null, description: 'console lets the sandbox carrier clock move forward' },
  { name: 'WEB_DIST', defaultValue: 'apps/web/dist', description: 'the web app build folder served' },
];

const MASK = '******';
/** A name that says it holds a secret is masked whatever list it is on. */
const SECRET_NAME = /PASSWORD|SECRET|TOKEN|KEY|CREDENTIAL|PRIVATE/i;

/** A URL with its password masked (postgres://user:******@host/db). */
export function maskUrl(value: string): { value: string; masked: boolean } {
  try {
    const url = new URL(value);
    if (!url.password) return { value, masked: false };
    url.password = MASK;
    return { value: url.toString(), masked: true };
  } catch {
    return { value: MASK, masked: true };
  }
}

export function envConfigRows(env: NodeJS.ProcessEnv = process.env): EnvConfigRow[] {
  return ENV_SETTINGS.map((s) => {
    const raw = env[s.name];
    const set = raw !== undefined && raw !== '';
    let value: string | null = set ? raw! : null;
    let masked = false;
    if (set && (s.secret || SECRET_NAME.test(s.name))) {
      value = MASK;
      masked = true;
    } else if (set && s.url) {
      ({ value, masked } = maskUrl(raw!));
    }
    return { name: s.name, value, masked, set, defaultValue: s.defaultValue, description: s.description };
  });
}
