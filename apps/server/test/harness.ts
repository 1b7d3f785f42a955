// Each API test file: its own database cloned from the migrated template, the real app
// listening on a free port, and a client that calls it over HTTP as the web app does.
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { connectDatabase, type Database } from '../src/db/client.js';
import { captchas, domains, roles, smsOutbox, userRoles, users } from '../src/db/schema/index.js';
import type { JobQueueOptions } from '../src/platform/jobs.js';
import type { AreaModule } from '../src/platform/module.js';
import { hashPassword } from '../src/platform/password-hash.js';
import { auditStatements, describeProblems } from './statement-audit.js';

export interface ApiAnswer<T = any> {
  status: number;
  body: { success: boolean; data: T; errorCode?: string; message?: string; params?: Record<string, unknown>; fields?: { field: string; message: string }[] };
}

export interface CallOptions {
  token?: string | null;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The client address the call comes from (X-Forwarded-For). */
  ip?: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The file store's folder, for a second app or a worker process on the same data. */
  filesDir: string;
  baseUrl: string;
  /** POST (or GET) a path with a JSON body and an optional bearer token. */
  call<T = any>(path: string, body?: unknown, options?: CallOptions): Promise<ApiAnswer<T>>;
  encrypt(password: string): Promise<string>;
  login(username: string, password: string, extra?: Record<string, unknown>, options?: CallOptions): Promise<ApiAnswer>;
  /** Signs in and answers the access token, failing the test when sign-in fails. */
  token(username: string, password: string): Promise<string>;
  /** The text of the captcha image made for uniqueCode (tests read it from the database). */
  captchaText(uniqueCode: string): Promise<string>;
  /** A multipart POST: one file and text fields, as a browser form sends them. */
  upload<T = any>(path: string, file: { field: string; name: string; data: Buffer }, fields?: Record<string, string>, options?: CallOptions): Promise<ApiAnswer<T>>;
  /** Calls `probe` until `done` holds (or 20 s pass); answers the last answer. */
  waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs?: number): Promise<T>;
  /** The latest SMS code sent to a number. */
  lastSmsCode(mobile: string): Promise<string>;
  factories: Factories;
  /**
   * The statements the app sent, when made with recordStatements (or OPENSELLER_STATEMENT_AUDIT=1);
   * the test's own statements through `database` are not among them.
   */
  statements: string[];
}

export interface Factories {
  /** A seller domain with its main account. */
  sellerDomain(options?: { level?: string; password?: string; phone?: string | null }): Promise<{ domainId: number; domainCode: string; loginName: string; password: string; userId: number }>;
  /** A sub-account in a domain with a role holding the given menus and fields. */
  subAccount(domainId: number, options: { menus: string[]; fields?: string[]; password?: string }): Promise<{ loginName: string; password: string; userId: number; roleId: number }>;
}

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

export async function createTestApp(
  options: {
    now?: () => Date;
    webDist?: string;
    jobs?: Partial<Omit<JobQueueOptions, 'url'>>;
    modules?: AreaModule[];
    /** Record the app's statements in `statements` (test/statement-audit.ts). */
    recordStatements?: boolean;
    /** Serve HTTPS (HTTP/2) with this key and certificate; `baseUrl` is then https (fetch refuses a test certificate). */
    tls?: { key: string | Buffer; cert: string | Buffer };
  } = {},
): Promise<TestApp> {
  const serverUrl = inject('pgServerUrl');
  const template = inject('templateDatabase');
  const name = `t_${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = '/' + name;
  const database = connectDatabase(url.toString(), { max: 10 });
  // With the statement audit on, the app has a pool of its own that records what it sends, and
  // every test file fails on a statement without its domain. Opt-in (OPENSELLER_STATEMENT_AUDIT=1):
  // some statements appear only on timing (a worker handing back its tasks at shutdown), so the
  // whole suite is audited on demand, and db/statements.api.test.ts audits the catalogue always.
  const auditAll = process.env.OPENSELLER_STATEMENT_AUDIT === '1';
  const statements: string[] = [];
  const distinct = new Set<string>();
  const record = (text: string) => {
    if (distinct.has(text)) return;
    distinct.add(text);
    statements.push(text);
  };
  const appDatabase = options.recordStatements || auditAll ? connectDatabase(url.toString(), { max: 10, onStatement: record }) : database;
  // Trusting X-Forwarded-For lets a test speak from several client addresses.
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-test-files-'));
  const app = await buildApp({
    database: appDatabase,
    filesDir,
    jobs: { url: url.toString(), work: true, pollingIntervalSeconds: 0.5, ...options.jobs },
    trustProxy: true,
    checkAnswers: true,
    ...(options.now ? { now: options.now } : {}),
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.modules ? { modules: options.modules } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `${options.tls ? 'https' : 'http'}://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  let publicKey: string | undefined;
  const call: TestApp['call'] = async (path, body, opts = {}) => {
    const method = opts.method ?? (body === undefined && path.includes('?') ? 'GET' : 'POST');
    const headers: Record<string, string> = { 'accept-language': 'en', ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.ip) headers['x-forwarded-for'] = opts.ip;
    if (method === 'POST') headers['content-type'] = 'application/json';
    const response = await fetch(baseUrl + path, { method, headers, ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}) });
    const text = await response.text();
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { success: false, data: text };
    }
    return { status: response.status, body: parsed };
  };
  const encrypt = async (password: string) => {
    if (!publicKey) publicKey = (await call('/cloud/domain/security/publicKey', undefined, { method: 'GET' })).body.data.publicKey;
    return publicEncrypt({ key: publicKey!, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
  };
  const login = async (username: string, password: string, extra: Record<string, unknown> = {}, opts: CallOptions = {}) =>
    call('/cloud/domain/security/login', { username, password: await encrypt(password), ...extra }, opts);

  const factories: Factories = {
    async sellerDomain(o = {}) {
      const password = o.password ?? 'Seller#2026go';
      const loginName = uniqueName('seller');
      const [domain] = await database.db.insert(domains).values({ name: `Shop ${loginName}`, level: o.level ?? 'PRO' }).returning();
      const [user] = await database.db
        .insert(users)
        .values({
          domainId: domain!.id,
          loginName,
          userName: loginName,
          accountType: 'MAIN_ACCOUNT_TYPE',
          phone: o.phone === undefined ? `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` : o.phone,
          passwordHash: await hashPassword(password),
        })
        .returning();
      return { domainId: domain!.id, domainCode: domain!.code, loginName, password, userId: user!.id };
    },
    async subAccount(domainId, o) {
      const password = o.password ?? 'Staff#2026go';
      const loginName = uniqueName('staff');
      const [role] = await database.db
        .insert(roles)
        .values({ domainId, roleName: uniqueName('role'), menus: o.menus, fields: o.fields ?? [] })
        .returning();
      const [user] = await database.db
        .insert(users)
        .values({ domainId, loginName, userName: loginName, accountType: 'SUB_ACCOUNT_TYPE', passwordHash: await hashPassword(password) })
        .returning();
      await database.db.insert(userRoles).values({ domainId, userId: user!.id, roleId: role!.id });
      return { loginName, password, userId: user!.id, roleId: role!.id };
    },
  };

  const upload: TestApp['upload'] = async (urlPath, file, fields = {}, opts = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(file.field, new Blob([new Uint8Array(file.data)]), file.name);
    const headers: Record<string, string> = { 'accept-language': 'en', ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const response = await fetch(baseUrl + urlPath, { method: 'POST', headers, body: form });
    return { status: response.status, body: (await response.json()) as ApiAnswer<any>['body'] };
  };
  const waitFor: TestApp['waitFor'] = async (probe, done, timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    let value = await probe();
    while (!done(value)) {
      if (Date.now() > until) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 150));
      value = await probe();
    }
    return value;
  };

  const testApp: TestApp = {
    app,
    database,
    filesDir,
    baseUrl,
    call,
    upload,
    waitFor,
    encrypt,
    login,
    async token(username, password) {
      const answer = await login(username, password);
      if (!answer.body.success) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(answer.body)}`);
      return answer.body.data.oauthToken.access_token as string;
    },
    async captchaText(uniqueCode) {
      const [row] = await database.db.select().from(captchas).where(eq(captchas.uniqueCode, uniqueCode));
      if (!row) throw new Error(`no captcha for ${uniqueCode}`);
      return row.code;
    },
    async lastSmsCode(mobile) {
      const rows = await database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile));
      const last = rows.sort((a, b) => b.id - a.id)[0];
      const code = last?.content.match(/\d{6}/)?.[0];
      if (!code) throw new Error(`no SMS code sent to ${mobile}`);
      return code;
    },
    factories,
    statements,
  };

  afterAll(async () => {
    await app.close();
    await database.close();
    if (appDatabase !== database) await appDatabase.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await cleanup.end();
    if (auditAll) {
      const problems = auditStatements(statements);
      if (problems.length) throw new Error(`statements without their domain (test/statement-audit.ts):\n${describeProblems(problems)}`);
    }
  });

  return testApp;
}
