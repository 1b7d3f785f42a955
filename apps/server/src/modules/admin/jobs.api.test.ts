import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { AreaModule } from '../../platform/module.js';
import { seedDemoData } from '../../seed/demo.js';

// Jobs of this test only: one that fails on demand, one that hangs until released, one that counts.
const flaky = { fail: true };
let releaseSlow: (() => void) | null = null;
let slowStarted = 0;
let queue: JobQueue | null = null;
const testJobs: AreaModule = (ctx) => {
  queue = ctx.jobs;
  ctx.jobs?.define({
    name: 'test-admin-flaky',
    cron: '0 3 1 1 *',
    retryLimit: 0,
    handler: async () => {
      if (flaky.fail) throw new Error('the marketplace said no');
      return 7;
    },
  });
  ctx.jobs?.define({
    name: 'test-admin-slow',
    handler: async () => {
      slowStarted++;
      await new Promise<void>((resolve) => (releaseSlow = resolve));
    },
  });
  ctx.jobs?.define({ name: 'test-admin-count', handler: async () => ({ items: 3 }) });
  // Many jobs starting in the same minute, each working through the app's own pool.
  for (let i = 0; i < BURST; i++) {
    ctx.jobs?.define({
      name: `test-burst-${i}`,
      handler: async () => {
        for (let k = 0; k < 3; k++) await ctx.database.pool.query('select pg_sleep(0.05)');
        return 1;
      },
    });
  }
};
const BURST = 14;

const t = await createTestApp({ modules: [testJobs] });
let root: string;
let seller: string;

beforeAll(async () => {
  await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });
  root = await t.token('root', 'Root#2026go');
  const s = await t.factories.sellerDomain();
  seller = await t.token(s.loginName, s.password);
});
afterAll(() => releaseSlow?.());

const jobOf = async (name: string) => {
  const list = await t.call('/cloud/admin/job/getAllJobInfo', {}, { token: root });
  expect(list.status).toBe(200);
  return list.body.data.voList.find((j: any) => j.jobName === name);
};
const scheduleOf = async (name: string) => (await t.database.pool.query('select cron from pgboss.schedule where name = $1', [name])).rows[0]?.cron ?? null;

describe('job control', () => {
  it('lists every job the product runs with its schedule and next run', async () => {
    const list = await t.call('/cloud/admin/job/getAllJobInfo', {}, { token: root });
    const names = list.body.data.voList.map((j: any) => j.jobName);
    expect(names).toEqual(expect.arrayContaining(['orders.pull-stores', 'session-cleanup', 'test-admin-flaky', 'test-admin-count']));
    const flakyJob = list.body.data.voList.find((j: any) => j.jobName === 'test-admin-flaky');
    expect(flakyJob).toMatchObject({ cron: '0 3 1 1 *', defaultCron: '0 3 1 1 *', paused: false, running: false });
    expect(new Date(flakyJob.nextRunTime).getUTCMonth()).toBe(0);
    expect(list.body.data.pauseAfterFailures).toBe(5);
  });

  it('refuses every job call to a seller', async () => {
    for (const [path, body] of [
      ['/cloud/admin/job/getAllJobInfo', {}],
      ['/cloud/admin/job/controlAllJobs', { flagStart: false }],
      ['/cloud/admin/job/controlJobByNameList', { jobNameList: ['orders.pull-stores'], flagStart: false }],
      ['/cloud/admin/job/changeJobCronExpression', { jobName: 'orders.pull-stores', timeStr: '* * * * *' }],
      ['/cloud/admin/job/previewCronExpression', { timeStr: '* * * * *' }],
      ['/cloud/admin/job/runNow', { jobName: 'orders.pull-stores' }],
      ['/cloud/admin/job/searchRunList', {}],
      ['/cloud/admin/adminLog/search', {}],
      ['/cloud/admin/ons/consumerserver/searchPageList', {}],
      ['/cloud/admin/ons/consumerserver/control', { consumerName: 'orders.pull-stores', flagStart: false }],
      ['/cloud/admin/envConfig/getDataList', {}],
    ] as const) {
      const answer = await t.call(path, body, { token: seller });
      expect(answer.status, path).toBe(403);
    }
    expect((await jobOf('orders.pull-stores')).paused).toBe(false);
  });

  it('shows the next five fire times of a cron expression before it is saved', async () => {
    const preview = await t.call('/cloud/admin/job/previewCronExpression', { timeStr: '30 2 * * *' }, { token: root });
    expect(preview.body.data.nextFireTimes).toHaveLength(5);
    const times = preview.body.data.nextFireTimes.map((s: string) => new Date(s));
    for (const time of times) expect([time.getUTCHours(), time.getUTCMinutes()]).toEqual([2, 30]);
    expect(times[1].getTime() - times[0].getTime()).toBe(86_400_000);
  });

  it('refuses a cron expression that does not parse, naming timeStr, and changes nothing', async () => {
    for (const timeStr of ['every day', '61 * * * *', '* * 32 * *', '* * * *']) {
      const answer = await t.call('/cloud/admin/job/changeJobCronExpression', { jobName: 'test-admin-flaky', timeStr }, { token: root });
      expect(answer.status, timeStr).toBe(400);
      expect(answer.body.errorCode).toBe('ERR_VALIDATION');
      expect(answer.body.fields?.[0]?.field ?? answer.body.params?.field).toBe('timeStr');
    }
    const preview = await t.call('/cloud/admin/job/previewCronExpression', { timeStr: '61 * * * *' }, { token: root });
    expect(preview.status).toBe(400);
    expect((await jobOf('test-admin-flaky')).cron).toBe('0 3 1 1 *');
    expect(await scheduleOf('test-admin-flaky')).toBe('0 3 1 1 *');
  });

  it('changes a schedule, applies it to the queue and logs the change', async () => {
    const changed = await t.call('/cloud/admin/job/changeJobCronExpression', { jobName: 'test-admin-count', timeStr: '15 4 * * *' }, { token: root });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ jobName: 'test-admin-count', cron: '15 4 * * *', defaultCron: null });
    expect(await scheduleOf('test-admin-count')).toBe('15 4 * * *');
    const log = await t.call('/cloud/admin/adminLog/search', { entityType: 'job', entityId: 'test-admin-count' }, { token: root });
    expect(log.body.data.voList[0]).toMatchObject({ action: 'CHANGE_CRON', loginName: 'root', before: { cron: null }, after: { cron: '15 4 * * *' } });
    const unknown = await t.call('/cloud/admin/job/changeJobCronExpression', { jobName: 'no-such-job', timeStr: '* * * * *' }, { token: root });
    expect(unknown.body.errorCode).toBe('ERR_JOB_NOT_FOUND');
  });

  it('pauses and resumes jobs by name and all at once, with their schedules', async () => {
    const paused = await t.call('/cloud/admin/job/controlJobByNameList', { jobNameList: ['test-admin-flaky'], flagStart: false }, { token: root });
    expect(paused.body.data.changed).toEqual(['test-admin-flaky']);
    expect(await jobOf('test-admin-flaky')).toMatchObject({ paused: true, pausedReason: 'MANUAL', nextRunTime: null });
    expect(await scheduleOf('test-admin-flaky')).toBeNull();
    const again = await t.call('/cloud/admin/job/controlJobByNameList', { jobNameList: ['test-admin-flaky'], flagStart: false }, { token: root });
    expect(again.body.data.changed).toEqual([]);
    const unknown = await t.call('/cloud/admin/job/controlJobByNameList', { jobNameList: ['test-admin-flaky', 'nope'], flagStart: true }, { token: root });
    expect(unknown.body.errorCode).toBe('ERR_JOB_NOT_FOUND');
    expect((await jobOf('test-admin-flaky')).paused).toBe(true);

    const all = await t.call('/cloud/admin/job/controlAllJobs', { flagStart: false }, { token: root });
    expect(all.body.data.changed).toContain('orders.pull-stores');
    expect(all.body.data.changed).not.toContain('test-admin-flaky');
    expect(await scheduleOf('orders.pull-stores')).toBeNull();
    const resumed = await t.call('/cloud/admin/job/controlAllJobs', { flagStart: true }, { token: root });
    expect(resumed.body.data.changed).toEqual(expect.arrayContaining(['orders.pull-stores', 'test-admin-flaky']));
    expect(await scheduleOf('orders.pull-stores')).toBe((await jobOf('orders.pull-stores')).defaultCron);
    expect(await scheduleOf('test-admin-flaky')).toBe('0 3 1 1 *');
    const log = await t.call('/cloud/admin/adminLog/search', { entityType: 'job', entityId: 'orders.pull-stores' }, { token: root });
    expect(log.body.data.voList.map((e: any) => e.action)).toEqual(['RESUME', 'PAUSE']);
  });

  it('runs a job now and records the run with its items and duration', async () => {
    expect((await t.call('/cloud/admin/job/runNow', { jobName: 'test-admin-count' }, { token: root })).status).toBe(200);
    const job = await t.waitFor(() => jobOf('test-admin-count'), (j) => j.lastSuccessAt !== null);
    expect(job).toMatchObject({ lastItems: 3, consecutiveFailures: 0 });
    expect(job.lastDurationMs).toBeGreaterThanOrEqual(0);
    const runs = await t.call('/cloud/admin/job/searchRunList', { jobName: 'test-admin-count' }, { token: root });
    expect(runs.body.data.voList[0]).toMatchObject({ trigger: 'MANUAL', status: 'SUCCESS', items: 3 });
  });

  it('runs one run of a job at a time, and a stuck job blocks no other', async () => {
    expect((await t.call('/cloud/admin/job/runNow', { jobName: 'test-admin-slow' }, { token: root })).status).toBe(200);
    await t.waitFor(() => jobOf('test-admin-slow'), (j) => j.running);
    const second = await t.call('/cloud/admin/job/runNow', { jobName: 'test-admin-slow' }, { token: root });
    expect(second.status).toBe(409);
    expect(second.body.errorCode).toBe('ERR_JOB_RUNNING');
    // Another job runs meanwhile.
    const before = (await t.call('/cloud/admin/job/searchRunList', { jobName: 'test-admin-count' }, { token: root })).body.data.total;
    await t.call('/cloud/admin/job/runNow', { jobName: 'test-admin-count' }, { token: root });
    await t.waitFor(
      () => t.call('/cloud/admin/job/searchRunList', { jobName: 'test-admin-count' }, { token: root }),
      (a) => a.body.data.total === before + 1 && a.body.data.voList[0].status === 'SUCCESS',
    );
    expect((await jobOf('test-admin-slow')).running).toBe(true);
    releaseSlow!();
    const done = await t.waitFor(() => jobOf('test-admin-slow'), (j) => !j.running && j.lastSuccessAt !== null);
    expect(done).toMatchObject({ running: false, runningSince: null });
    expect(slowStarted).toBe(1);
  });

  it('skips a run of a job that another process is running', async () => {
    // Another process holds the job's lock (as a run there does).
    const other = await t.database.pool.connect();
    try {
      await other.query('select pg_advisory_lock($1, hashtext($2))', [0x4a4f4253, 'test-admin-count']);
      expect((await jobOf('test-admin-count')).running).toBe(true);
      const refused = await t.call('/cloud/admin/job/runNow', { jobName: 'test-admin-count' }, { token: root });
      expect(refused.body.errorCode).toBe('ERR_JOB_RUNNING');
      const runsBefore = (await t.call('/cloud/admin/job/searchRunList', { jobName: 'test-admin-count' }, { token: root })).body.data.total;
      await queue!.runNow('test-admin-count');
      await t.waitFor(
        async () => (await t.database.pool.query("select count(*)::int as n from pgboss.job where name = 'test-admin-count' and state = 'completed'")).rows[0].n,
        (n) => n >= runsBefore + 1,
      );
      const runsAfter = (await t.call('/cloud/admin/job/searchRunList', { jobName: 'test-admin-count' }, { token: root })).body.data.total;
      expect(runsAfter).toBe(runsBefore);
    } finally {
      await other.query('select pg_advisory_unlock($1, hashtext($2))', [0x4a4f4253, 'test-admin-count']);
      other.release();
    }
    expect((await jobOf('test-admin-count')).running).toBe(false);
  });

  it('pauses a job that fails five times in a row, with an alert in the admin log', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await t.call('/cloud/admin/job/runNow', { jobName: 'test-admin-flaky' }, { token: root })).status).toBe(200);
      await t.waitFor(() => jobOf('test-admin-flaky'), (j) => j.consecutiveFailures === i && !j.running);
    }
    const job = await jobOf('test-admin-flaky');
    expect(job).toMatchObject({ paused: true, pausedReason: 'FAILURES', consecutiveFailures: 5, lastError: 'the marketplace said no', nextRunTime: null });
    expect(await scheduleOf('test-admin-flaky')).toBeNull();
    const log = await t.call('/cloud/admin/adminLog/search', { entityType: 'job', entityId: 'test-admin-flaky' }, { token: root });
    expect(log.body.data.voList[0]).toMatchObject({ action: 'JOB_AUTO_PAUSED', loginName: null, after: { consecutiveFailures: 5 } });
    const failures = await t.call('/cloud/admin/job/searchRunList', { jobName: 'test-admin-flaky', status: 'FAILURE' }, { token: root });
    expect(failures.body.data.total).toBe(5);

    // Resumed and fixed: the failures in a row start again from zero.
    flaky.fail = false;
    await t.call('/cloud/admin/job/controlJobByNameList', { jobNameList: ['test-admin-flaky'], flagStart: true }, { token: root });
    expect(await jobOf('test-admin-flaky')).toMatchObject({ paused: false, pausedReason: null, consecutiveFailures: 0 });
    await t.call('/cloud/admin/job/runNow', { jobName: 'test-admin-flaky' }, { token: root });
    expect(await t.waitFor(() => jobOf('test-admin-flaky'), (j) => j.lastSuccessAt !== null)).toMatchObject({ lastItems: 7, consecutiveFailures: 0 });
  });
});

describe('run history', () => {
  it('finishes every run when more jobs start at once than the app has connections', async () => {
    // The harness's pool has 10 connections; 14 runs each holding a lock connection taken from it
    // left their handlers none, and every run waited for ever.
    await Promise.all(Array.from({ length: BURST }, (_, i) => queue!.runNow(`test-burst-${i}`)));
    const deadline = Date.now() + 25_000;
    let done = 0;
    while (Date.now() < deadline) {
      const rows = await t.database.pool.query<{ n: number }>(
        "select count(*)::int as n from job_runs where job_name like 'test-burst-%' and status = 'SUCCESS'",
      );
      done = Number(rows.rows[0]!.n);
      if (done === BURST) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(done).toBe(BURST);
  });

  it('keeps 30 days of runs', async () => {
    await t.database.pool.query("insert into job_runs (job_name, trigger, status, started_at) values ('test-admin-count', 'SCHEDULE', 'SUCCESS', now() - interval '40 days')");
    const old = async () => (await t.database.pool.query("select count(*)::int as n from job_runs where started_at < now() - interval '30 days'")).rows[0].n;
    expect(await old()).toBe(1);
    await t.call('/cloud/admin/job/runNow', { jobName: 'admin.job-runs-cleanup' }, { token: root });
    await t.waitFor(old, (n) => n === 0);
    const job = await t.waitFor(() => jobOf('admin.job-runs-cleanup'), (j) => j.lastSuccessAt !== null);
    expect(job.lastItems).toBe(1);
  });
});

describe('queue consumers', () => {
  it('lists the consumers with their queue counts and pauses one', async () => {
    const list = await t.call('/cloud/admin/ons/consumerserver/searchPageList', { keyword: 'test-admin' }, { token: root });
    expect(list.body.data.voList.map((c: any) => c.consumerName).sort()).toEqual(['test-admin-count', 'test-admin-flaky', 'test-admin-slow']);
    const count = list.body.data.voList.find((c: any) => c.consumerName === 'test-admin-count');
    expect(count).toMatchObject({ state: 'RUNNING', workedHere: true });
    expect(count.completed).toBeGreaterThanOrEqual(2);
    expect((await t.call('/cloud/admin/ons/consumerserver/control', { consumerName: 'test-admin-count', flagStart: false }, { token: root })).status).toBe(200);
    const after = await t.call('/cloud/admin/ons/consumerserver/searchPageList', { keyword: 'test-admin-count' }, { token: root });
    expect(after.body.data.voList[0].state).toBe('PAUSED');
    // Work sent to a paused consumer waits: it is not run.
    const before = (await jobOf('test-admin-count')).lastStartedAt;
    await queue!.send('test-admin-count', { n: 1 });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await jobOf('test-admin-count')).lastStartedAt).toBe(before);
    const log = await t.call('/cloud/admin/adminLog/search', { entityType: 'consumer' }, { token: root });
    expect(log.body.data.voList[0]).toMatchObject({ entityId: 'test-admin-count', action: 'PAUSE' });
    const unknown = await t.call('/cloud/admin/ons/consumerserver/control', { consumerName: 'nope', flagStart: true }, { token: root });
    expect(unknown.body.errorCode).toBe('ERR_JOB_NOT_FOUND');
  });
});

describe('environment settings', () => {
  it('shows the settings and never a secret', async () => {
    const old = { ROOT_PASSWORD: process.env.ROOT_PASSWORD, DATABASE_URL: process.env.DATABASE_URL };
    process.env.ROOT_PASSWORD = 'Very#Secret1';
    process.env.DATABASE_URL = 'postgres://app:hunter2@db.example:5432/shop';
    try {
      const answer = await t.call('/cloud/admin/envConfig/getDataList', {}, { token: root });
      const rows = answer.body.data.voList;
      expect(rows.find((r: any) => r.name === 'ROOT_PASSWORD')).toMatchObject({ value: '******', masked: true, set: true });
      expect(rows.find((r: any) => r.name === 'DATABASE_URL')).toMatchObject({ value: 'postgres://app:******@db.example:5432/shop', masked: true });
      expect(rows.find((r: any) => r.name === 'PORT')).toMatchObject({ defaultValue: '8080' });
      expect(JSON.stringify(answer.body)).not.toContain('hunter2');
      expect(JSON.stringify(answer.body)).not.toContain('Very#Secret1');
    } finally {
      for (const [k, v] of Object.entries(old)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
});
