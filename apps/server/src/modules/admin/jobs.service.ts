// Job control and queue consumers (spec 02 §7.15: job getAllJobInfo, controlAllJobs,
// controlJobByNameList, changeJobCronExpression; ons/consumerserver searchPageList, control).
// The job queue (platform/jobs.ts) keeps the registry and the run history; this service reads
// them, changes pause and schedule in the registry (with the admin log, in one transaction) and
// then applies the schedule to the queue.
import cronParser from 'cron-parser';
import { sql } from 'drizzle-orm';
import { AdminErrors, JOB_PAUSE_AFTER_FAILURES, type AdminLogRow, type ConsumerRow, type JobInfo, type JobRunRow } from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { AppError, invalidInput } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import { pageWindow } from '../../platform/paging.js';
import type { Session } from '../../platform/sessions.js';

export interface AdminLogEntry {
  entityType: 'job' | 'consumer' | 'feature' | 'connectorApp';
  entityId: string;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** Writes one entry of the admin log in the caller's transaction. */
export async function writeAdminLog(tx: Tx, session: Session | null, entry: AdminLogEntry): Promise<void> {
  await tx.execute(sql`
    insert into admin_logs (user_id, login_name, entity_type, entity_id, action, before, after)
    values (${session?.userId ?? null}, ${session?.loginName ?? null}, ${entry.entityType}, ${entry.entityId}, ${entry.action},
      ${entry.before === undefined ? null : JSON.stringify(entry.before)}::jsonb, ${entry.after === undefined ? null : JSON.stringify(entry.after)}::jsonb)`);
}

/** The next `count` fire times of a five-field cron expression (UTC, as pg-boss schedules), or a refusal naming the field. */
export function nextFireTimes(expression: string, from: Date, count = 5, field = 'timeStr'): Date[] {
  let interval;
  try {
    interval = cronParser.parseExpression(expression, { currentDate: from, tz: 'UTC' });
  } catch (error) {
    throw invalidInput([{ field, message: `not a cron expression: ${error instanceof Error ? error.message : String(error)}` }]);
  }
  const times: Date[] = [];
  for (let i = 0; i < count; i++) times.push(interval.next().toDate());
  return times;
}

interface RegistryRow {
  name: string;
  default_cron: string | null;
  cron: string | null;
  paused: boolean;
  paused_reason: 'MANUAL' | 'FAILURES' | null;
  paused_at: Date | null;
  consecutive_failures: number;
  last_started_at: Date | null;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  last_error: string | null;
  last_duration_ms: number | null;
  last_items: number | null;
  running_since: Date | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function createJobsService(deps: { database: Database; jobs: JobQueue | null; now?: () => Date; pauseAfterFailures?: number }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function registry(tx: Tx = db): Promise<RegistryRow[]> {
    const rows = await tx.execute<RegistryRow & Record<string, unknown>>(sql`select * from job_registry order by name`);
    return rows.rows;
  }

  async function rowOf(tx: Tx, name: string, lock = false): Promise<RegistryRow> {
    const rows = await tx.execute<RegistryRow & Record<string, unknown>>(
      lock ? sql`select * from job_registry where name = ${name} for update` : sql`select * from job_registry where name = ${name}`,
    );
    const row = rows.rows[0];
    if (!row) throw new AppError(AdminErrors.JOB_NOT_FOUND, 404, { jobName: name });
    return row;
  }

  async function infoOf(rows: RegistryRow[]): Promise<JobInfo[]> {
    const counts = deps.jobs ? await deps.jobs.queueCounts() : new Map<string, Record<string, number>>();
    const at = now();
    return Promise.all(
      rows.map(async (r) => {
        const cron = r.cron ?? r.default_cron;
        const running = deps.jobs ? await deps.jobs.isRunning(r.name) : false;
        const c = counts.get(r.name) ?? {};
        let nextRunTime: string | null = null;
        if (cron && !r.paused) {
          try {
            nextRunTime = nextFireTimes(cron, at, 1)[0]!.toISOString();
          } catch {
            nextRunTime = null;
          }
        }
        return {
          jobName: r.name,
          cron,
          defaultCron: r.default_cron,
          paused: r.paused,
          pausedReason: r.paused_reason,
          pausedAt: iso(r.paused_at),
          consecutiveFailures: Number(r.consecutive_failures),
          running,
          runningSince: running ? iso(r.running_since) : null,
          lastStartedAt: iso(r.last_started_at),
          lastSuccessAt: iso(r.last_success_at),
          lastFailureAt: iso(r.last_failure_at),
          lastError: r.last_error,
          lastDurationMs: r.last_duration_ms === null ? null : Number(r.last_duration_ms),
          lastItems: r.last_items === null ? null : Number(r.last_items),
          nextRunTime,
          queued: (c.created ?? 0) + (c.retry ?? 0),
        } satisfies JobInfo;
      }),
    );
  }

  /** Pauses (flagStart false) or resumes (true) the named jobs; answers those whose state changed. */
  async function control(session: Session, names: string[] | 'ALL', flagStart: boolean, entityType: 'job' | 'consumer' = 'job'): Promise<string[]> {
    const changed = await db.transaction(async (tx) => {
      const all = await registry(tx);
      const known = new Set(all.map((r) => r.name));
      const wanted = names === 'ALL' ? all.map((r) => r.name) : [...new Set(names)];
      const unknown = wanted.filter((n) => !known.has(n));
      if (unknown.length) throw new AppError(AdminErrors.JOB_NOT_FOUND, 404, { jobName: unknown.join(', ') });
      const result: string[] = [];
      for (const name of wanted) {
        const before = await rowOf(tx, name, true);
        if (before.paused === !flagStart) continue;
        if (flagStart) {
          await tx.execute(sql`update job_registry set paused = false, paused_reason = null, paused_at = null, consecutive_failures = 0, updated_at = now() where name = ${name}`);
        } else {
          await tx.execute(sql`update job_registry set paused = true, paused_reason = 'MANUAL', paused_at = now(), updated_at = now() where name = ${name}`);
        }
        await writeAdminLog(tx, session, {
          entityType,
          entityId: name,
          action: flagStart ? 'RESUME' : 'PAUSE',
          before: { paused: before.paused, pausedReason: before.paused_reason },
          after: { paused: !flagStart },
        });
        result.push(name);
      }
      return result;
    });
    // The schedule follows the registry: a paused job's is removed, a resumed job's restored.
    for (const name of changed) await applySchedule(name);
    return changed;
  }

  async function applySchedule(name: string): Promise<void> {
    if (!deps.jobs) return;
    const row = await rowOf(db, name);
    const cron = row.paused ? null : (row.cron ?? row.default_cron);
    await deps.jobs.reschedule(name, cron);
  }

  return {
    async list() {
      return { voList: await infoOf(await registry()), pauseAfterFailures: deps.pauseAfterFailures ?? JOB_PAUSE_AFTER_FAILURES };
    },
    control,
    preview(timeStr: string) {
      return { timeStr, nextFireTimes: nextFireTimes(timeStr, now()).map((d) => d.toISOString()) };
    },
    async changeCron(session: Session, jobName: string, timeStr: string): Promise<JobInfo> {
      nextFireTimes(timeStr, now());
      await db.transaction(async (tx) => {
        const before = await rowOf(tx, jobName, true);
        // The default again is stored as "no override", so a later change of the default applies.
        const cron = timeStr === before.default_cron ? null : timeStr;
        await tx.execute(sql`update job_registry set cron = ${cron}, updated_at = now() where name = ${jobName}`);
        await writeAdminLog(tx, session, { entityType: 'job', entityId: jobName, action: 'CHANGE_CRON', before: { cron: before.cron ?? before.default_cron }, after: { cron: timeStr } });
      });
      await applySchedule(jobName);
      return (await infoOf([await rowOf(db, jobName)]))[0]!;
    },
    async runNow(session: Session, jobName: string): Promise<void> {
      await rowOf(db, jobName);
      if (!deps.jobs) throw new AppError(AdminErrors.JOB_RUNNING, 409, { jobName, reason: 'queue' });
      if (await deps.jobs.isRunning(jobName)) throw new AppError(AdminErrors.JOB_RUNNING, 409, { jobName });
      await db.transaction((tx) => writeAdminLog(tx, session, { entityType: 'job', entityId: jobName, action: 'RUN_NOW' }));
      await deps.jobs.runNow(jobName);
    },
    async runs(input: { jobName?: string | undefined; status?: string | undefined; currentPage: number; pageSize: number }) {
      const { limit, offset } = pageWindow(input);
      const where = sql`where (${input.jobName ?? null}::text is null or job_name = ${input.jobName ?? null}) and (${input.status ?? null}::text is null or status = ${input.status ?? null})`;
      const rows = await db.execute<Record<string, unknown>>(sql`select * from job_runs ${where} order by id desc limit ${limit} offset ${offset}`);
      const total = await db.execute<{ n: number }>(sql`select count(*)::int as n from job_runs ${where}`);
      const voList: JobRunRow[] = rows.rows.map((r) => ({
        id: Number(r.id),
        jobName: String(r.job_name),
        trigger: String(r.trigger),
        status: String(r.status),
        startedAt: iso(r.started_at as Date)!,
        endedAt: iso(r.ended_at as Date | null),
        durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
        items: r.items === null ? null : Number(r.items),
        error: (r.error as string | null) ?? null,
      }));
      return { voList, total: Number(total.rows[0]!.n) };
    },
    async adminLog(input: { entityType?: string | undefined; entityId?: string | undefined; currentPage: number; pageSize: number }) {
      const { limit, offset } = pageWindow(input);
      const where = sql`where (${input.entityType ?? null}::text is null or entity_type = ${input.entityType ?? null}) and (${input.entityId ?? null}::text is null or entity_id = ${input.entityId ?? null})`;
      const rows = await db.execute<Record<string, unknown>>(sql`select * from admin_logs ${where} order by id desc limit ${limit} offset ${offset}`);
      const total = await db.execute<{ n: number }>(sql`select count(*)::int as n from admin_logs ${where}`);
      const voList: AdminLogRow[] = rows.rows.map((r) => ({
        id: Number(r.id),
        loginName: (r.login_name as string | null) ?? null,
        entityType: String(r.entity_type),
        entityId: String(r.entity_id),
        action: String(r.action),
        before: r.before ?? null,
        after: r.after ?? null,
        createdAt: iso(r.created_at as Date)!,
      }));
      return { voList, total: Number(total.rows[0]!.n) };
    },
    /** Deletes the runs that ended more than `days` days ago; answers how many. */
    async pruneRuns(days: number): Promise<number> {
      const cutoff = new Date(now().getTime() - days * 86_400_000);
      const deleted = await db.execute(sql`delete from job_runs where started_at < ${cutoff.toISOString()}::timestamptz and status <> 'RUNNING'`);
      return deleted.rowCount ?? 0;
    },
    /** The queue's consumers: one per job, with its queue counts; a paused job's consumer is PAUSED. */
    async consumers(input: { keyword?: string | undefined; currentPage: number; pageSize: number }) {
      const rows = await registry();
      const counts = deps.jobs ? await deps.jobs.queueCounts() : new Map<string, Record<string, number>>();
      const worked = new Set((deps.jobs?.defined() ?? []).filter((d) => d.worked).map((d) => d.name));
      const keyword = input.keyword?.toLowerCase();
      const all: ConsumerRow[] = rows
        .filter((r) => !keyword || r.name.toLowerCase().includes(keyword))
        .map((r) => {
          const c = counts.get(r.name) ?? {};
          return {
            consumerName: r.name,
            state: r.paused ? 'PAUSED' : 'RUNNING',
            workedHere: worked.has(r.name),
            created: c.created ?? 0,
            retry: c.retry ?? 0,
            active: c.active ?? 0,
            completed: c.completed ?? 0,
            failed: c.failed ?? 0,
          };
        });
      const { limit, offset } = pageWindow(input);
      return { voList: all.slice(offset, offset + limit), total: all.length };
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
