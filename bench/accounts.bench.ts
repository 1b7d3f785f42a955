// Accounts area: what every request pays to resolve its session, the login-record search, and
// sign-in throughput, each beside the raw SQL of the same work.
//   npx tsx bench/accounts.bench.ts   (DOMAINS=2000 USERS_PER_DOMAIN=5 LOGS=200000 to change sizes)
import { createHash, publicEncrypt, constants, randomBytes } from 'node:crypto';
import { machine, measure, printTable, startBenchEnv } from './lib.js';
import { hashPassword } from '../apps/server/src/platform/password-hash.js';

const DOMAINS = Number(process.env.DOMAINS ?? 2000);
const USERS_PER_DOMAIN = Number(process.env.USERS_PER_DOMAIN ?? 5);
const LOGS = Number(process.env.LOGS ?? 200_000);
const TOKENS = 20_000;

const env = await startBenchEnv('accounts');
const sha = (t: string) => createHash('sha256').update(t).digest('hex');
console.log(`machine: ${machine()}`);
console.log(`data: ${DOMAINS} domains × (1 main + ${USERS_PER_DOMAIN} sub-accounts), ${LOGS} login records, ${TOKENS} live tokens`);

// ---- generate ----------------------------------------------------------------------------
const t0 = Date.now();
const passwordHash = await hashPassword('Bench#2026go');
await env.pool.query(`insert into domains (name, level) select 'Shop ' || g, 'PRO' from generate_series(1, ${DOMAINS}) g`);
await env.pool.query(`
  insert into users (domain_id, login_name, user_name, account_type, phone, password_hash)
  select d.id, 'main' || d.id, 'Main ' || d.id, 'MAIN_ACCOUNT_TYPE', '138' || lpad(d.id::text, 8, '0'), $1 from domains d`, [passwordHash]);
await env.pool.query(`insert into roles (domain_id, role_name, menus) select id, 'Picker', '{MENU_ERPSO,MENU_INV}' from domains`);
await env.pool.query(`
  insert into users (domain_id, login_name, user_name, account_type, password_hash)
  select d.id, 'sub' || d.id || '_' || g, 'Sub ' || g, 'SUB_ACCOUNT_TYPE', $1 from domains d cross join generate_series(1, ${USERS_PER_DOMAIN}) g`, [passwordHash]);
await env.pool.query(`insert into user_roles (domain_id, user_id, role_id) select u.domain_id, u.id, r.id from users u join roles r on r.domain_id = u.domain_id where u.account_type = 'SUB_ACCOUNT_TYPE'`);
await env.pool.query(`
  insert into login_logs (domain_id, user_id, login_name, ip, user_agent, result, created_at)
  select u.domain_id, u.id, u.login_name, '10.0.' || (g % 250) || '.' || (g % 200), 'Mozilla/5.0 bench', case when g % 7 = 0 then 'BAD_CREDENTIALS' else 'SUCCESS' end,
         now() - (g || ' minutes')::interval
  from generate_series(1, ${LOGS}) g join users u on u.id = 1 + (g % (select count(*) from users))`);
const tokens: string[] = [];
const rows: string[] = [];
const { rows: userIds } = await env.pool.query<{ id: number }>(`select id from users where account_type = 'SUB_ACCOUNT_TYPE' order by random() limit ${TOKENS}`);
for (const { id } of userIds) {
  const token = randomBytes(32).toString('base64url');
  tokens.push(token);
  rows.push(`(${id}, gen_random_uuid(), '${sha(token)}', '${sha(token + 'r')}', now() + interval '2 hours', now() + interval '30 days')`);
}
for (let i = 0; i < rows.length; i += 5000)
  await env.pool.query(`insert into auth_tokens (user_id, family_id, access_hash, refresh_hash, access_expires_at, refresh_expires_at) values ${rows.slice(i, i + 5000).join(',')}`);
await env.pool.query('analyze');
console.log(`generated in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

// The session query of platform/sessions.ts, as raw SQL.
const SESSION_SQL = `
  select t.id, t.family_id, u.id as user_id, u.login_name, u.account_type, u.domain_id, d.code, d.level,
         coalesce((select array_agg(distinct m) from user_roles ur join roles r on r.id = ur.role_id cross join lateral unnest(r.menus) m where ur.user_id = u.id), '{}') as menus
  from auth_tokens t join users u on u.id = t.user_id left join domains d on d.id = u.domain_id
  where t.access_hash = $1 and t.revoked_at is null and t.access_expires_at > now() and u.status = 'OPEN'`;
const LOG_SQL = `select * from login_logs where domain_id = $1 order by created_at desc, id desc limit 100`;
const LOG_COUNT_SQL = `select count(*) from login_logs where domain_id = $1`;

const menuCall = (i: number) =>
  fetch(`${env.baseUrl}/cloud/domain/menu/getUserMenu`, { headers: { authorization: `Bearer ${tokens[i % tokens.length]}` } }).then((r) => r.json());

// A main account's token for the login-record page.
const keyAnswer = (await (await fetch(`${env.baseUrl}/cloud/domain/security/publicKey`)).json()) as { data: { publicKey: string } };
const pem = keyAnswer.data.publicKey;
const encrypt = (p: string) => publicEncrypt({ key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(p)).toString('base64');
const mainLogin = async (i: number) =>
  fetch(`${env.baseUrl}/cloud/domain/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${i % 250}.1.1` },
    body: JSON.stringify({ username: `main${1 + (i % DOMAINS)}`, password: encrypt('Bench#2026go') }),
  }).then((r) => r.json() as Promise<{ data: { oauthToken: { access_token: string } } }>);
const mainToken = (await mainLogin(0)).data.oauthToken.access_token;
const { rows: mainRow } = await env.pool.query<{ domain_id: number }>(`select domain_id from users where login_name = 'main1'`);
const domainId = mainRow[0]!.domain_id;

const results = [
  await measure('session: HTTP getUserMenu (token → session → menus), 1 caller', 2000, 1, menuCall),
  await measure('session: raw SQL of the same lookup, 1 caller', 2000, 1, (i) => env.pool.query(SESSION_SQL, [sha(tokens[i % tokens.length]!)])),
  await measure('session: HTTP getUserMenu, 16 callers', 4000, 16, menuCall),
  await measure('session: raw SQL, 16 callers', 4000, 16, (i) => env.pool.query(SESSION_SQL, [sha(tokens[i % tokens.length]!)])),
  await measure('login records: HTTP loginLog/search page 100 + count', 500, 1, () =>
    fetch(`${env.baseUrl}/cloud/domain/loginLog/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${mainToken}` },
      body: JSON.stringify({ currentPage: 1, pageSize: 100 }),
    }).then((r) => r.json()),
  ),
  await measure('login records: raw SQL page 100 + count', 500, 1, async () => {
    await env.pool.query(LOG_SQL, [domainId]);
    await env.pool.query(LOG_COUNT_SQL, [domainId]);
  }),
  await measure('sign-in: HTTP login (RSA decrypt + argon2id verify), 4 callers', 200, 4, mainLogin),
];
printTable(results);
await env.close();
