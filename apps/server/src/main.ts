// Starts the product: the database (embedded unless DATABASE_URL is set), migrations, demo
// data, the job workers and the HTTP server; stops them in reverse order on SIGINT/SIGTERM.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.js';
import { readConfig } from './config.js';
import { connectDatabase, ensureDatabase, migrateDatabase, type Database } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';
import { webDistFolder } from './paths.js';
import { seedDemoData } from './seed/demo.js';
import { loadSecretKey } from './platform/secret-box.js';

const log = (message: string) => console.log(`[openseller] ${message}`);

async function main(): Promise<void> {
  const config = readConfig();
  let embedded: EmbeddedServer | undefined;
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, stopping`);
    try {
      await app?.close();
      await database?.close();
      await embedded?.stop();
      log('stopped');
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // The key of secrets at rest (stores' tokens, app secrets): OPENSELLER_SECRET_KEY or DATA_DIR/secret.key.
  const keySource = loadSecretKey(config.dataDir);
  if (keySource === 'new-file') log(`created the secrets key ${path.join(config.dataDir, 'secret.key')} (keep it with the data; OPENSELLER_SECRET_KEY overrides it)`);

  let url = config.databaseUrl;
  if (!url) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    log(`starting the embedded PostgreSQL server (data in ${config.dataDir})`);
    embedded = await startEmbeddedPostgres({
      clusterDir: path.join(config.dataDir, 'db'),
      log: (m) => {
        if (/FATAL|PANIC|ERROR|running as root|stopping the PostgreSQL/.test(m)) log(m);
      },
    });
    url = await ensureDatabase(embedded.url, 'openseller');
  }
  if (stopping) return;

  database = connectDatabase(url);
  await migrateDatabase(database);
  const [{ version } = { version: '?' }] = (await database.db.execute<{ version: string }>(sql`select current_setting('server_version') as version`)).rows;
  log(`database ready (PostgreSQL ${version}${embedded ? `, embedded on 127.0.0.1:${embedded.port}` : ''})`);
  await seedDemoData(database, config.demoPasswords, log);

  app = await buildApp({
    database,
    filesDir: path.join(config.dataDir, 'files'),
    jobs: { url, work: config.workers, log },
    siteTitle: config.siteTitle,
    webDist: process.env.WEB_DIST ?? webDistFolder(),
    trustProxy: !!process.env.TRUST_PROXY,
    checkAnswers: config.checkAnswers,
    ...(config.tls ? { tls: { cert: fs.readFileSync(config.tls.certFile), key: fs.readFileSync(config.tls.keyFile) } } : {}),
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const hosts = config.host === '0.0.0.0' ? ['localhost', ...lanAddresses()] : [config.host];
  const scheme = config.tls ? 'https' : 'http';
  log(`ready: open ${hosts.map((h) => `${scheme}://${h}:${port}/`).join('  or  ')}${config.tls ? ' (HTTP/2)' : ''}`);
  if (!fs.existsSync(path.join(webDistFolder(), 'index.html'))) log('the web app is not built: run `npm run build` to serve the pages');
}

function lanAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((a): a is os.NetworkInterfaceInfo => !!a && a.family === 'IPv4' && !a.internal)
    .map((a) => a.address)
    .slice(0, 2);
}

main().catch((error) => {
  console.error('[openseller] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
