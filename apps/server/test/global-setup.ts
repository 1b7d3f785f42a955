// Starts one PostgreSQL server for the API tests (the embedded one, or the server named by
// TEST_DATABASE_URL), migrates a template database once, and hands its name to the test files;
// each file clones its own database from it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateDatabase } from '../src/db/client.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded.js';
import { installJobSchema } from '../src/platform/jobs.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    templateDatabase: string;
    testRunId: string;
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let dir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-test-'));
    fs.chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres({ clusterDir: path.join(dir, 'db') });
    serverUrl = embedded.url;
  }
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const template = `openseller_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = connectDatabase(withDatabase(serverUrl, template), { max: 2 });
  await migrateDatabase(database);
  await database.close();
  // pg-boss's tables come with the template, so each test database starts its queue quickly.
  await installJobSchema(withDatabase(serverUrl, template));
  console.log(`[api tests] PostgreSQL ${process.env.TEST_DATABASE_URL ? 'server from TEST_DATABASE_URL' : 'embedded'}; template ${template}`);

  project.provide('pgServerUrl', serverUrl);
  project.provide('templateDatabase', template);
  project.provide('testRunId', runId);

  return async () => {
    // Drop what the run made, then stop the embedded server.
    const leftovers = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`t_${runId}_%`]);
    for (const { datname } of leftovers.rows) await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
    await admin.end();
    await embedded?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
