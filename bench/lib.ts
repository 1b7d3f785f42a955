// Shared bench plumbing: a database (the embedded server in a temp folder, or BENCH_DATABASE_URL),
// the real app listening on a port, and timing helpers that print p50/p95 side by side.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { connectDatabase, ensureDatabase, migrateDatabase, type Database } from '../apps/server/src/db/client.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../apps/server/src/db/embedded.js';

export interface BenchEnv {
  database: Database;
  baseUrl: string;
  pool: pg.Pool;
  close(): Promise<void>;
}

export async function startBenchEnv(name: string, options: { webDist?: string } = {}): Promise<BenchEnv> {
  let embedded: EmbeddedServer | undefined;
  let dir: string | undefined;
  let serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-bench-'));
    fs.chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres({ clusterDir: path.join(dir, 'db') });
    serverUrl = embedded.url;
  }
  // BENCH_DATABASE (with BENCH_DATABASE_URL): a database of that name, created if missing and kept
  // afterwards, so a large data set generated once serves several runs.
  const kept = serverUrl && !embedded ? process.env.BENCH_DATABASE : undefined;
  const url = await ensureDatabase(serverUrl, kept ?? `bench_${name}_${Date.now().toString(36)}`);
  const database = connectDatabase(url, { max: 20 });
  database.pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      if (!statementClock.on) return query(...args);
      const first = args[0] as string | { text?: unknown } | undefined;
      const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : '?';
      const t0 = performance.now();
      // pool.query passes a callback (no promise answered); transactions await the promise.
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        args[args.length - 1] = (...answer: unknown[]) => {
          statementClock.record(text, performance.now() - t0);
          return (last as (...a: unknown[]) => unknown)(...answer);
        };
        return query(...args);
      }
      const answer = query(...args);
      if (!(answer instanceof Promise)) return answer;
      answer.then(
        () => statementClock.record(text, performance.now() - t0),
        () => undefined,
      );
      return answer;
    };
  });
  await migrateDatabase(database);
  const app = await buildApp({ database, ...(options.webDist ? { webDist: options.webDist } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  return {
    database,
    baseUrl,
    pool,
    async close() {
      await app.close();
      await pool.end();
      await database.close();
      if (!kept) {
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
        await admin.end();
      }
      await embedded?.stop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Timing {
  label: string;
  count: number;
  p50: number;
  p95: number;
  perSecond: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Runs `fn` `count` times with `concurrency` callers; answers latency percentiles in ms. */
export async function measure(label: string, count: number, concurrency: number, fn: (i: number) => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < Math.min(20, count); i++) await fn(i);
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await fn(i);
        samples.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - started;
  samples.sort((a, b) => a - b);
  return { label, count, p50: percentile(samples, 50), p95: percentile(samples, 95), perSecond: (count / elapsed) * 1000 };
}

export function printTable(rows: Timing[]): void {
  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(pad('measurement', 72) + pad('n', 8) + pad('p50 ms', 10) + pad('p95 ms', 10) + 'per s');
  for (const r of rows) console.log(pad(r.label, 72) + pad(String(r.count), 8) + pad(r.p50.toFixed(2), 10) + pad(r.p95.toFixed(2), 10) + r.perSecond.toFixed(0));
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** Signs in as a browser does (RSA-encrypted password) and answers a poster of authenticated calls. */
export async function signIn(baseUrl: string, loginName: string, plainPassword: string): Promise<<T>(path: string, body?: unknown) => Promise<T>> {
  const { constants, publicEncrypt } = await import('node:crypto');
  const publicKey = ((await (await fetch(`${baseUrl}/cloud/domain/security/publicKey`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plainPassword)).toString('base64');
  const login = (await (
    await fetch(`${baseUrl}/cloud/domain/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: loginName, password }) })
  ).json()) as { data: { oauthToken: { access_token: string } } };
  const headers = { authorization: `Bearer ${login.data.oauthToken.access_token}`, 'accept-language': 'en', 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  return async <T>(path: string, body: unknown = {}): Promise<T> => {
    const answer = (await (await fetch(baseUrl + path, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as { success: boolean; data: T };
    if (!answer.success) throw new Error(`${path}: ${JSON.stringify(answer).slice(0, 500)}`);
    return answer.data;
  };
}

/** Latency percentiles of samples already taken (ms), as a table row. */
export function timingOf(label: string, samples: number[], elapsedMs: number): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { label, count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), perSecond: (sorted.length / elapsedMs) * 1000 };
}

/**
 * The app's statements timed while `on` (the app runs in the bench's process): per statement text,
 * how often and how long from sending to the answer. For finding what a slow call spends its time on.
 */
export const statementClock = {
  on: false,
  times: new Map<string, { n: number; ms: number }>(),
  record(text: string, ms: number) {
    const key = text.replace(/\s+/g, ' ').trim();
    const t = this.times.get(key) ?? { n: 0, ms: 0 };
    t.n++;
    t.ms += ms;
    this.times.set(key, t);
  },
  /** Prints the `top` statements by total time, per call of the measured work (`calls`). */
  print(top: number, calls: number) {
    const rows = [...this.times.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, top);
    const total = [...this.times.values()].reduce((s, t) => s + t.ms, 0);
    console.log(`statements: ${(total / calls).toFixed(2)} ms per call in all; the top ${rows.length}:`);
    for (const [text, t] of rows) console.log(`  ${(t.ms / calls).toFixed(2).padStart(8)} ms/call  ${(t.n / calls).toFixed(1).padStart(5)}×  ${text.slice(0, 220)}`);
  },
};
