// Background work survives a crash visibly. A worker process stalls (kill -STOP) in the middle of
// an import's load and of an export, and later is killed (kill -9) in the middle of another load;
// a second worker on the same database finds each task, says so on it, runs it again, and the rows
// appear exactly once. The web app here takes requests only (no workers), as an API process of a
// production set-up does.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { DOOMED_WORKER, Gate, TRACKED_KIND, trackedTasksModule } from '../../../test/workers/tracked-tasks.js';
import { buildApp } from '../../app.js';
import { connectDatabase, type Database } from '../../db/client.js';
import { domainConfigs, exportFiles, importTasks } from '../../db/schema/index.js';
import type { TaskTiming } from '../../platform/jobs.js';

const timing: Partial<TaskTiming> = { heartbeatSeconds: 0.3, staleSeconds: 1.5, sweepSeconds: 0.3, attempts: 3 };
const t = await createTestApp({ jobs: { work: false }, modules: [trackedTasksModule()] });
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

async function xlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Config');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const codes = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);

/** A worker process whose runs hang where the test wants, to be stopped or killed there. */
async function startDoomedWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/test/workers/crash-worker.ts')], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: t.database.url, FILES_DIR: t.filesDir, TASK_TIMING: JSON.stringify(timing) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start: ${errors}`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`the worker exited (${code}): ${errors}`)));
  });
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const importTask = (id: number, token: string) => t.call('/cloud/core/import/get', { id }, { token });
const exportRow = async (id: number) => (await t.database.db.select().from(exportFiles).where(eq(exportFiles.id, id)))[0]!;

describe('a worker that stalls or is killed in the middle of its loads and of an export', () => {
  const gate = new Gate();
  let seller: Awaited<ReturnType<typeof t.factories.sellerDomain>>;
  let token: string;
  let doomed: ChildProcess;
  let second: { app: Awaited<ReturnType<typeof buildApp>>; database: Database } | undefined;
  let stalledId: number;
  let killedId: number;
  let queuedId: number;
  let exportId: number;

  const committed = async (prefix: string) =>
    (
      await t.database.db
        .select({ code: domainConfigs.itemCode })
        .from(domainConfigs)
        .where(and(eq(domainConfigs.domainId, seller.domainId), like(domainConfigs.itemCode, `${prefix}%`)))
    )
      .map((r) => r.code)
      .sort();
  const upload = async (rows: [string, string][]) => {
    const file = await xlsx([['Code', 'Value'], ...rows]);
    const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'c.xlsx', data: file }, { kind: TRACKED_KIND }, { token });
    expect(started.body.success).toBe(true);
    const parsed = await t.waitFor(() => importTask(started.body.data.id, token), (a) => a.body.data.status !== 'PARSING');
    expect(parsed.body.data.status).toBe('PARSED');
    return started.body.data.id as number;
  };
  /** Whether the doomed worker still has a transaction open. */
  const doomedInTransaction = async () =>
    (await t.database.pool.query(`select 1 from pg_stat_activity where application_name = $1 and xact_start < now() - interval '1 second'`, [DOOMED_WORKER])).rowCount! > 0;

  beforeAll(async () => {
    seller = await t.factories.sellerDomain();
    token = await t.token(seller.loginName, seller.password);
    doomed = await startDoomedWorker();
    stalledId = await upload(codes('S', 12).map((c) => [c, 'slow']));
    killedId = await upload(codes('K', 10).map((c) => [c, c === 'K03' ? 'hang' : 'v']));
    queuedId = await upload(codes('Q', 2).map((c) => [c, 'v']));
    const session = (await t.app.services.sessions.forUser(seller.userId))!;
    exportId = (await t.app.services.exports.request(session, { type: TRACKED_KIND, title: 'tracked', language: 'en' })).id;
    await t.waitFor(() => exportRow(exportId), (r) => r.processStatus === 'SENDING');
  }, 180_000);

  afterAll(async () => {
    if (doomed) {
      doomed.kill('SIGCONT');
      await kill(doomed);
    }
    gate.open();
    await second?.app.close();
    await second?.database.close();
  });

  it('takes a stalled worker\'s load from it, and the stalled run cannot commit when it wakes up', async () => {
    await t.call('/cloud/core/import/confirm', { id: stalledId }, { token });
    await t.waitFor(() => importTask(stalledId, token), (a) => a.body.data.processedRows >= 2);
    // The worker stops answering (a long pause, a suspended machine) in the middle of the load.
    doomed.kill('SIGSTOP');
    // A second worker process on the same database; its runs wait at the gate.
    const database = connectDatabase(t.database.url, { max: 4 });
    const app = await buildApp({
      database,
      filesDir: t.filesDir,
      jobs: { url: t.database.url, work: true, pollingIntervalSeconds: 0.5, tasks: timing },
      modules: [trackedTasksModule({ gate })],
    });
    second = { app, database };
    const resumed = await t.waitFor(() => importTask(stalledId, token), (a) => a.body.data.notice === 'RESUMED');
    expect(resumed.body.data).toMatchObject({ status: 'LOADING', interruptions: 1, processedRows: 0, cancellable: false });
    // The export the stalled worker was making is made again too.
    await t.waitFor(() => exportRow(exportId), (r) => r.processStatus === 'SENDING' && r.notice === 'RESUMED');
    doomed.kill('SIGCONT');
    // The woken run loads its remaining rows, then finds the task is no longer its own, and rolls back.
    await t.waitFor(doomedInTransaction, (open) => !open);
    expect(await committed('S')).toEqual([]);
    expect((await importTask(stalledId, token)).body.data).toMatchObject({ status: 'LOADING', notice: 'RESUMED', processedRows: 0 });
  });

  it('refuses to cancel a load a live worker runs', async () => {
    const refused = await t.call('/cloud/core/import/cancel', { id: stalledId }, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('ERR_IMPORT_RUNNING');
    expect(refused.body.message).toContain('cannot be cancelled');
  });

  it('leaves a task alone while a live worker holds it, however long it runs', async () => {
    // The woken worker is free again (the second one is busy at the gate) and takes this load.
    await t.call('/cloud/core/import/confirm', { id: killedId }, { token });
    await t.waitFor(() => importTask(killedId, token), (a) => a.body.data.processedRows === 3);
    await new Promise((r) => setTimeout(r, 2 * timing.staleSeconds! * 1000));
    expect((await importTask(killedId, token)).body.data).toMatchObject({ status: 'LOADING', processedRows: 3, interruptions: 0, notice: null, cancellable: false });
  });

  it('shows within the sweep interval that a killed load was interrupted, and claims no progress for the rows that rolled back', async () => {
    await kill(doomed);
    const killedAt = Date.now();
    const seen = await t.waitFor(() => importTask(killedId, token), (a) => a.body.data.interruptions === 1);
    expect(Date.now() - killedAt).toBeLessThan(8_000);
    // The only live worker is busy, so the task waits, saying why.
    expect(seen.body.data).toMatchObject({ status: 'LOADING', notice: 'INTERRUPTED', processedRows: 0, percentage: 0, cancellable: true });
    expect(seen.body.data.message).toBe('Interrupted by a server restart and being run again; the interrupted run imported nothing');
    expect(await committed('K')).toEqual([]);
  });

  it('cancels a load no worker has taken, which then never loads', async () => {
    const confirmed = await t.call('/cloud/core/import/confirm', { id: queuedId }, { token });
    expect(confirmed.body.data).toMatchObject({ status: 'LOADING', cancellable: true });
    const cancelled = await t.call('/cloud/core/import/cancel', { id: queuedId }, { token });
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', cancellable: false });
  });

  it('finishes every resumed load with each row exactly once, and makes the export again', async () => {
    gate.open();
    for (const [id, prefix, rows] of [
      [stalledId, 'S', 12],
      [killedId, 'K', 10],
    ] as const) {
      const done = await t.waitFor(() => importTask(id, token), (a) => ['DONE', 'FAILED'].includes(a.body.data.status));
      expect(done.body.data).toMatchObject({ status: 'DONE', processedRows: rows, percentage: 100, result: { created: rows }, interruptions: 1, notice: null, message: null });
      expect(await committed(prefix)).toEqual(codes(prefix, rows));
    }
    const exported = await t.waitFor(() => exportRow(exportId), (r) => ['SUCCESS', 'FAILURE'].includes(r.processStatus));
    expect(exported).toMatchObject({ processStatus: 'SUCCESS', rowCount: 5, interruptions: 1, notice: null });
    const listed = await t.call('/cloud/core/exportFile/searchPageList', { currentPage: 1, pageSize: 10 }, { token });
    expect(listed.body.data.voList[0]).toMatchObject({ id: exportId, processStatus: 'SUCCESS', interruptions: 1 });
    // The cancelled task's job reached the freed worker and did nothing.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await importTask(queuedId, token)).body.data.status).toBe('CANCELLED');
    expect(await committed('Q')).toEqual([]);
  });

  it('checks a file again when its check was interrupted', async () => {
    const id = await upload(codes('C', 2).map((c) => [c, 'v']));
    // As a worker that died while it checked the file leaves the task.
    await t.database.db
      .update(importTasks)
      .set({ status: 'PARSING', processedRows: 1, heartbeatAt: new Date(Date.now() - 3_600_000) })
      .where(eq(importTasks.id, id));
    const checked = await t.waitFor(() => importTask(id, token), (a) => a.body.data.status !== 'PARSING');
    expect(checked.body.data).toMatchObject({ status: 'PARSED', totalRows: 2, processedRows: 0, interruptions: 1, notice: null, message: null, cancellable: true });
  });

  it('ends a task FAILED with a message the person understands once it was interrupted as often as allowed', async () => {
    // Two earlier interruptions, and a worker that died while it ran the third attempt.
    const [task] = await t.database.db
      .insert(importTasks)
      .values({
        domainId: seller.domainId,
        userId: seller.userId,
        kind: TRACKED_KIND,
        fileName: 'c.xlsx',
        language: 'en',
        status: 'LOADING',
        totalRows: 1,
        processedRows: 1,
        rows: [{ itemCode: 'Z01', value: 'v' }],
        attempt: 2,
        interruptions: 2,
        heartbeatAt: new Date(Date.now() - 3_600_000),
      })
      .returning();
    const failed = await t.waitFor(() => importTask(task!.id, token), (a) => a.body.data.status !== 'LOADING');
    expect(failed.body.data).toMatchObject({ status: 'FAILED', notice: 'GAVE_UP', interruptions: 3, processedRows: 0, cancellable: true });
    expect(failed.body.data.message).toBe('Interrupted by 3 server restarts, so the import has stopped; nothing was imported. Upload the file again');

    const [stuck] = await t.database.db
      .insert(exportFiles)
      .values({ domainId: seller.domainId, userId: seller.userId, title: 'x', exportType: TRACKED_KIND, processStatus: 'SENDING', params: { language: 'en' }, attempt: 2, interruptions: 2, heartbeatAt: new Date(Date.now() - 3_600_000) })
      .returning();
    const gaveUp = await t.waitFor(() => exportRow(stuck!.id), (r) => r.processStatus !== 'SENDING');
    expect(gaveUp).toMatchObject({ processStatus: 'FAILURE', notice: 'GAVE_UP', interruptions: 3, errorMessage: 'Interrupted by 3 server restarts, so the export has stopped; request it again' });
    expect(gaveUp.finishedAt).not.toBeNull();
  });
});

describe('a worker process that stops while it runs a load', () => {
  it('hands the task back at once, saying it was interrupted, and its abandoned run commits nothing', async () => {
    const seller = await t.factories.sellerDomain();
    const token = await t.token(seller.loginName, seller.password);
    const gate = new Gate();
    // A stale heartbeat would take minutes here: only the handing back can mark the task.
    const database = connectDatabase(t.database.url, { max: 4, applicationName: 'stopping-worker' });
    const app = await buildApp({
      database,
      filesDir: t.filesDir,
      jobs: { url: t.database.url, work: true, pollingIntervalSeconds: 0.5, tasks: { ...timing, staleSeconds: 600 }, stopTimeoutSeconds: 1 },
      modules: [trackedTasksModule({ gate })],
    });
    try {
      const file = await xlsx([['Code', 'Value'], ...codes('R', 3).map((c) => [c, 'v'])]);
      const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'c.xlsx', data: file }, { kind: TRACKED_KIND }, { token });
      const id = started.body.data.id as number;
      await t.waitFor(() => importTask(id, token), (a) => a.body.data.status === 'PARSED');
      await t.call('/cloud/core/import/confirm', { id }, { token });
      await t.waitFor(() => importTask(id, token), (a) => a.body.data.status === 'LOADING' && !a.body.data.cancellable);
      await app.close();
      expect((await importTask(id, token)).body.data).toMatchObject({ status: 'LOADING', notice: 'INTERRUPTED', interruptions: 1, processedRows: 0, cancellable: true });
      // The run this process left behind goes on, finds the task is no longer its own, and rolls back.
      gate.open();
      await t.waitFor(
        async () => (await t.database.pool.query(`select 1 from pg_stat_activity where application_name = 'stopping-worker' and xact_start < now() - interval '0.5 second'`)).rowCount,
        (open) => open === 0,
      );
      const rows = await t.database.db.select().from(domainConfigs).where(eq(domainConfigs.domainId, seller.domainId));
      expect(rows).toEqual([]);
      expect((await importTask(id, token)).body.data).toMatchObject({ status: 'LOADING', notice: 'INTERRUPTED', processedRows: 0 });
    } finally {
      gate.open();
      await app.close();
      await database.close();
    }
  });
});

describe('cancelling an import', () => {
  it('cancels a checked import waiting for confirmation, which can then no longer be loaded', async () => {
    const seller = await t.factories.sellerDomain();
    const token = await t.token(seller.loginName, seller.password);
    const [task] = await t.database.db
      .insert(importTasks)
      .values({ domainId: seller.domainId, userId: seller.userId, kind: TRACKED_KIND, fileName: 'c.xlsx', status: 'PARSED', totalRows: 1, rows: [{ itemCode: 'P01', value: 'v' }] })
      .returning();
    const other = await t.factories.sellerDomain();
    const stranger = await t.call('/cloud/core/import/cancel', { id: task!.id }, { token: await t.token(other.loginName, other.password) });
    expect(stranger.status).toBe(404);
    const cancelled = await t.call('/cloud/core/import/cancel', { id: task!.id }, { token });
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', cancellable: false });
    const [row] = await t.database.db.select().from(importTasks).where(eq(importTasks.id, task!.id));
    expect(row!.rows).toBeNull();
    expect((await t.call('/cloud/core/import/cancel', { id: task!.id }, { token })).body.data.status).toBe('CANCELLED');
    const confirm = await t.call('/cloud/core/import/confirm', { id: task!.id }, { token });
    expect(confirm.body.errorCode).toBe('ERR_IMPORT_NOT_READY');
  });

  it('refuses to cancel a finished import, and names the field of a bad id', async () => {
    const seller = await t.factories.sellerDomain();
    const token = await t.token(seller.loginName, seller.password);
    const [task] = await t.database.db
      .insert(importTasks)
      .values({ domainId: seller.domainId, userId: seller.userId, kind: TRACKED_KIND, fileName: 'c.xlsx', status: 'DONE', totalRows: 1, processedRows: 1 })
      .returning();
    const refused = await t.call('/cloud/core/import/cancel', { id: task!.id }, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('ERR_IMPORT_NOT_READY');
    const bad = await t.call('/cloud/core/import/cancel', { id: 'x' }, { token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('id');
  });
});
