// Background jobs on pg-boss, in the same PostgreSQL database: no other infrastructure. Areas
// define their jobs while the app is built; the queue starts once all are defined.
//
// Long tasks a person waits for (imports, exports) also need to survive a crash visibly. pg-boss
// 10 only notices a dead worker when the job's expiry passes (15 minutes by default); the job
// heartbeat of later pg-boss versions (12.x) needs Node 22, and this product runs on Node 20.
// So the task row carries the liveness: the worker running a task writes a heartbeat on it every
// few seconds (heartbeat()), and every worker process sweeps for running tasks whose heartbeat
// went stale, that is, held by no live worker, marks them interrupted and queues them again or,
// when they were interrupted too often, ends them failed (watch()).
//
// Job control (issue 17, must-have 5): every handler runs inside a wrapper that keeps the job
// registry (job_registry: schedule, pause, failures in a row, last outcome) and the run history
// (job_runs), so the root account sees and steers every job the product runs. A scheduled or
// "run now" run of a job holds a PostgreSQL advisory lock named after the job: at most one such
// run at a time across all processes (a second one finds the lock held and skips). Each queue has
// its own worker, so one stuck job never blocks another. A job failing pauseAfterFailures times
// in a row is paused (its schedule removed) and an alert written to the admin log.
import PgBoss from 'pg-boss';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.js';

export interface JobDefinition {
  name: string;
  /** A cron expression when the job also runs on a schedule. */
  cron?: string;
  /** What it answers, when a number or { items: n }, is recorded as the items the run processed. */
  handler: (data: Record<string, unknown>) => Promise<unknown>;
  /** How often pg-boss runs a job again whose handler threw (its default: 2); 0 where the task counts its own attempts. */
  retryLimit?: number;
  /** How long pg-boss lets one run take before it gives the job up (its default: 15 minutes). */
  expireInSeconds?: number;
}

/** The liveness rules of tracked tasks (imports, exports). */
export interface TaskTiming {
  /** How often a worker writes the heartbeat of a task it runs. */
  heartbeatSeconds: number;
  /** A running task whose heartbeat is older than this is held by no live worker: it was interrupted. */
  staleSeconds: number;
  /** How often each worker process looks for interrupted tasks (and once when it starts). */
  sweepSeconds: number;
  /** Runs a task may start in all; after this many interruptions it ends failed. */
  attempts: number;
}

/**
 * What a tracked task's row says about interruptions: INTERRUPTED while it waits to run again,
 * RESUMED while it runs again, GAVE_UP when it failed after too many interruptions.
 */
export type TaskNotice = 'INTERRUPTED' | 'RESUMED' | 'GAVE_UP';

export const DEFAULT_TASK_TIMING: TaskTiming = { heartbeatSeconds: 10, staleSeconds: 30, sweepSeconds: 10, attempts: 3 };

export interface JobQueueOptions {
  url: string;
  /** Run the handlers in this process (a web-only process only enqueues). */
  work: boolean;
  pollingIntervalSeconds?: number;
  log?: (message: string) => void;
  /** Liveness of tracked tasks; DEFAULT_TASK_TIMING where not given (tests make it short). */
  tasks?: Partial<TaskTiming>;
  /** How many singleton runs may hold their lock at once: the size of the job-lock connection pool (default 4). */
  lockConnections?: number;
  /** How long stop() lets running handlers finish before their tasks go back to the queue (default 10 s). */
  stopTimeoutSeconds?: number;
  /** Where the job registry and run history are kept; without it, runs are not recorded. */
  database?: Database;
  /** Failures in a row after which a job is paused (default 5). */
  pauseAfterFailures?: number;
  /** How long a job sent while its job is paused waits before it looks again (default 60 s). */
  pausedRetrySeconds?: number;
}

/** How a run was started: by its schedule, by "run now", or sent by the product with its data. */
export type JobTrigger = 'SCHEDULE' | 'MANUAL' | 'QUEUE';

/** What the queue knows of a defined job, for the admin views. */
export interface DefinedJob {
  name: string;
  defaultCron: string | null;
  /** Whether this process runs its handler. */
  worked: boolean;
}

/** The data key that carries a run's trigger; handlers never see it. */
const TRIGGER_KEY = '__trigger';
/** The first key of the advisory locks of job runs ('JOBS'); the second is hashtext(name). */
export const JOB_LOCK_SPACE = 0x4a4f4253;
export const DEFAULT_PAUSE_AFTER_FAILURES = 5;

/** An area's tracked tasks: how to find the interrupted ones, and how to hand back its own. */
export interface TaskWatcher {
  name: string;
  /** Marks the tasks no live worker holds as interrupted and queues them again (or fails them). */
  sweep(): Promise<void>;
  /** On shutdown: hands the tasks this process still runs to the next worker at once. */
  release(): Promise<void>;
}

export interface JobQueue {
  define(definition: JobDefinition): void;
  /**
   * Queues a job. With a transaction, the job is written in it, so it exists exactly when the
   * task row that needs it was committed; call wake(name) after the commit.
   */
  send(name: string, data?: Record<string, unknown>, options?: { tx?: Tx }): Promise<void>;
  /** Tells this process's worker of a queue that a job is waiting (a committed send). */
  wake(name: string): void;
  /** Sweeps for interrupted tasks while this process works (at start, then every sweepSeconds). */
  watch(watcher: TaskWatcher): void;
  /** Calls beat every heartbeatSeconds until the answered function is called. */
  heartbeat(beat: () => Promise<unknown>): () => void;
  readonly timing: TaskTiming;
  /** The defined jobs (after start, with the registry rows written). */
  defined(): DefinedJob[];
  /** Applies a schedule: a cron expression schedules the job, null removes its schedule. */
  reschedule(name: string, cron: string | null): Promise<void>;
  /** Queues a "run now" run of a job (one at a time: it skips when a run holds the job). */
  runNow(name: string): Promise<void>;
  /** Whether a scheduled or "run now" run holds the job at this moment. */
  isRunning(name: string): Promise<boolean>;
  /** Queue counts by state (created, retry, active, completed, failed, cancelled) of each job. */
  queueCounts(): Promise<Map<string, Record<string, number>>>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const definitions = new Map<string, JobDefinition>();
  const watchers: TaskWatcher[] = [];
  const log = options.log ?? (() => {});
  const timing: TaskTiming = { ...DEFAULT_TASK_TIMING, ...options.tasks };
  let boss: PgBoss | null = null;
  let sweepTimer: ReturnType<typeof setInterval> | null = null;
  let sweeping: Promise<void> | null = null;
  // The worker of each queue this process runs: a job sent from here wakes it at once instead of
  // waiting for its next poll (an import's check and load each waited up to a polling interval).
  const workers = new Map<string, string>();
  const database = options.database ?? null;
  const pauseAfter = options.pauseAfterFailures ?? DEFAULT_PAUSE_AFTER_FAILURES;
  const pausedRetrySeconds = options.pausedRetrySeconds ?? 60;

  // A singleton run holds its session advisory lock on a connection of its own for the whole run.
  // Those connections come from a small pool of their own: taken from the work pool, a minute on
  // which many scheduled jobs start together (every-minute, 5- and 10-minute crons at :00) left no
  // connection for the handlers' own statements, and every run waited for ever (seen in the API
  // tests: 8 runs holding 8 lock connections of a pool of 10). Runs beyond the lock pool's size wait
  // for a lock connection, never for the work pool while holding one.
  let lockPool: pg.Pool | null = null;
  const lockConnection = (url: string) => {
    if (!lockPool) {
      lockPool = new pg.Pool({ connectionString: url, max: options.lockConnections ?? 4, application_name: 'openseller-job-locks' });
      lockPool.on('error', () => {});
    }
    return lockPool.connect();
  };

  /** Runs a handler inside the registry's bookkeeping (see the file's head). */
  const runRecorded = async (def: JobDefinition, raw: Record<string, unknown>): Promise<void> => {
    const { [TRIGGER_KEY]: triggerValue, ...data } = raw;
    const trigger: JobTrigger = triggerValue === 'SCHEDULE' || triggerValue === 'MANUAL' ? triggerValue : 'QUEUE';
    if (!database) {
      await def.handler(data);
      return;
    }
    const { db } = database;
    const state = await db.execute<{ paused: boolean }>(sql`select paused from job_registry where name = ${def.name}`);
    const paused = state.rows[0]?.paused ?? false;
    if (paused && trigger === 'SCHEDULE') return;
    if (paused && trigger === 'QUEUE') {
      // Work the product sent while its job is paused waits until the job is resumed.
      await boss?.send(def.name, raw, { startAfter: pausedRetrySeconds });
      return;
    }
    const singleton = trigger !== 'QUEUE';
    const lockClient = singleton ? await lockConnection(database.url) : null;
    try {
      if (lockClient) {
        const got = await lockClient.query<{ got: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as got', [JOB_LOCK_SPACE, def.name]);
        if (!got.rows[0]?.got) {
          log(`[jobs] ${def.name}: a run holds the job; this ${trigger.toLowerCase()} run is skipped`);
          return;
        }
      }
      const started = Date.now();
      const inserted = await db.execute<{ id: number }>(sql`insert into job_runs (job_name, trigger, status) values (${def.name}, ${trigger}, 'RUNNING') returning id`);
      const runId = Number(inserted.rows[0]!.id);
      if (singleton) await db.execute(sql`update job_registry set running_since = now(), running_run_id = ${runId}, last_started_at = now() where name = ${def.name}`);
      else await db.execute(sql`update job_registry set last_started_at = now() where name = ${def.name}`);
      let result: unknown;
      try {
        result = await def.handler(data);
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
        const duration = Date.now() - started;
        await recordFailure(def.name, runId, duration, message, singleton).catch((e: unknown) => log(`[jobs] recording ${def.name}: ${String(e)}`));
        throw error;
      }
      const items = itemsOf(result);
      const duration = Date.now() - started;
      await db.execute(sql`update job_runs set status = 'SUCCESS', ended_at = now(), duration_ms = ${duration}, items = ${items} where id = ${runId}`);
      await db.execute(sql`
        update job_registry set consecutive_failures = 0, last_success_at = now(), last_duration_ms = ${duration}, last_items = ${items},
          running_since = case when ${singleton} then null else running_since end,
          running_run_id = case when ${singleton} then null else running_run_id end, updated_at = now()
        where name = ${def.name}`);
    } finally {
      if (lockClient) {
        await lockClient.query('select pg_advisory_unlock($1, hashtext($2))', [JOB_LOCK_SPACE, def.name]).catch(() => {});
        lockClient.release();
      }
    }
  };

  const recordFailure = async (name: string, runId: number, duration: number, message: string, singleton: boolean) => {
    const { db } = database!;
    await db.execute(sql`update job_runs set status = 'FAILURE', ended_at = now(), duration_ms = ${duration}, error = ${message} where id = ${runId}`);
    const updated = await db.execute<{ consecutive_failures: number; paused: boolean }>(sql`
      update job_registry set consecutive_failures = consecutive_failures + 1, last_failure_at = now(), last_error = ${message},
        last_duration_ms = ${duration},
        running_since = case when ${singleton} then null else running_since end,
        running_run_id = case when ${singleton} then null else running_run_id end, updated_at = now()
      where name = ${name} returning consecutive_failures, paused`);
    const row = updated.rows[0];
    if (!row || row.paused || row.consecutive_failures < pauseAfter) return;
    // Too many failures in a row: the job is paused (only the first to get here pauses it), its
    // schedule removed, and the alert written where root looks (the admin log, the jobs page's badge).
    const pausedNow = await db.transaction(async (tx) => {
      const paused = await tx.execute(sql`update job_registry set paused = true, paused_reason = 'FAILURES', paused_at = now() where name = ${name} and not paused returning name`);
      if (!paused.rows.length) return false;
      await tx.execute(sql`
        insert into admin_logs (user_id, login_name, entity_type, entity_id, action, before, after)
        values (null, null, 'job', ${name}, 'JOB_AUTO_PAUSED', ${JSON.stringify({ paused: false })}::jsonb,
          ${JSON.stringify({ paused: true, consecutiveFailures: row.consecutive_failures, lastError: message })}::jsonb)`);
      return true;
    });
    if (pausedNow) {
      log(`[jobs] ${name} failed ${row.consecutive_failures} times in a row and is paused`);
      await boss?.unschedule(name).catch(() => {});
    }
  };

  const sweepAll = () => {
    if (sweeping) return sweeping;
    sweeping = (async () => {
      for (const watcher of watchers) {
        try {
          await watcher.sweep();
        } catch (error) {
          log(`[jobs] sweeping ${watcher.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })().finally(() => {
      sweeping = null;
    });
    return sweeping;
  };

  const queue: JobQueue = {
    timing,
    define(definition) {
      if (boss) throw new Error(`job ${definition.name} defined after the queue started`);
      if (definitions.has(definition.name)) throw new Error(`job ${definition.name} defined twice`);
      definitions.set(definition.name, definition);
    },
    async send(name, data = {}, sendOptions = {}) {
      if (!boss) throw new Error('the job queue is not running');
      const def = definitions.get(name);
      const jobOptions: PgBoss.SendOptions = {};
      if (def?.retryLimit !== undefined) jobOptions.retryLimit = def.retryLimit;
      if (def?.expireInSeconds !== undefined) jobOptions.expireInSeconds = def.expireInSeconds;
      const tx = sendOptions.tx;
      if (tx) jobOptions.db = { executeSql: async (text, values) => tx.execute(withParameters(text, values)) };
      await boss.send(name, data, jobOptions);
      if (!tx) queue.wake(name);
    },
    wake(name) {
      const worker = workers.get(name);
      if (worker && boss) boss.notifyWorker(worker);
    },
    watch(watcher) {
      watchers.push(watcher);
    },
    defined() {
      return [...definitions.values()].map((def) => ({ name: def.name, defaultCron: def.cron ?? null, worked: options.work }));
    },
    async reschedule(name, cron) {
      if (!boss) throw new Error('the job queue is not running');
      if (cron) await boss.schedule(name, cron, { [TRIGGER_KEY]: 'SCHEDULE' });
      else await boss.unschedule(name);
    },
    async runNow(name) {
      if (!boss) throw new Error('the job queue is not running');
      await boss.send(name, { [TRIGGER_KEY]: 'MANUAL' }, { retryLimit: 0 });
      queue.wake(name);
    },
    async isRunning(name) {
      if (!database) return false;
      const held = await database.pool.query<{ held: boolean }>(
        "select exists (select 1 from pg_locks where locktype = 'advisory' and classid = $1::int::oid and objid = hashtext($2)::oid and objsubid = 2 and granted) as held",
        [JOB_LOCK_SPACE, name],
      );
      return held.rows[0]?.held ?? false;
    },
    async queueCounts() {
      const counts = new Map<string, Record<string, number>>();
      if (!database) return counts;
      const rows = await database.pool.query<{ name: string; state: string; n: number }>('select name, state::text as state, count(*)::int as n from pgboss.job group by name, state');
      for (const row of rows.rows) counts.set(row.name, { ...counts.get(row.name), [row.state]: Number(row.n) });
      return counts;
    },
    heartbeat(beat) {
      const timer = setInterval(() => {
        beat().catch((error: unknown) => log(`[jobs] heartbeat: ${error instanceof Error ? error.message : String(error)}`));
      }, timing.heartbeatSeconds * 1000);
      timer.unref();
      return () => clearInterval(timer);
    },
    async start() {
      boss = new PgBoss({ connectionString: options.url, application_name: 'openseller-jobs', max: 4 });
      boss.on('error', (error: Error) => log(`[jobs] ${error.message}`));
      await boss.start();
      for (const def of definitions.values()) {
        await boss.createQueue(def.name);
        // The registry row of each job; root's schedule and pause outlive restarts.
        let cron = def.cron ?? null;
        if (database) {
          const row = await database.db.execute<{ cron: string | null; paused: boolean }>(sql`
            insert into job_registry (name, default_cron) values (${def.name}, ${def.cron ?? null})
            on conflict (name) do update set default_cron = excluded.default_cron
            returning cron, paused`);
          const reg = row.rows[0]!;
          cron = reg.paused ? null : (reg.cron ?? def.cron ?? null);
        }
        if (cron) await boss.schedule(def.name, cron, { [TRIGGER_KEY]: 'SCHEDULE' });
        else await boss.unschedule(def.name).catch(() => {});
        if (options.work) {
          const worker = await boss.work<Record<string, unknown>>(def.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 1 }, async (jobs) => {
            for (const job of jobs) await runRecorded(def, job.data ?? {});
          });
          workers.set(def.name, worker);
        }
      }
      if (options.work && watchers.length) {
        // A task left running by a process that died is taken up again by whichever worker sweeps first.
        await sweepAll();
        sweepTimer = setInterval(() => void sweepAll(), timing.sweepSeconds * 1000);
        sweepTimer.unref();
      }
    },
    async stop() {
      if (!boss) return;
      const b = boss;
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = null;
      await sweeping;
      await b.stop({ graceful: true, wait: true, timeout: (options.stopTimeoutSeconds ?? 10) * 1000 });
      workers.clear();
      // Tasks still running here now (a long load) go back to the queue for the next worker at
      // once, instead of waiting until their heartbeat is found stale. Their jobs are written in
      // the release's own transaction, which needs no running queue.
      for (const watcher of watchers) {
        await watcher.release().catch((error: unknown) => log(`[jobs] releasing ${watcher.name}: ${error instanceof Error ? error.message : String(error)}`));
      }
      await lockPool?.end().catch(() => {});
      lockPool = null;
      boss = null;
    },
  };
  return queue;
}

/** The items a handler's answer says it processed: a number, or { items }, else null. */
function itemsOf(result: unknown): number | null {
  if (typeof result === 'number' && Number.isFinite(result)) return Math.round(result);
  if (result && typeof result === 'object' && 'items' in result) {
    const items = (result as { items: unknown }).items;
    if (typeof items === 'number' && Number.isFinite(items)) return Math.round(items);
  }
  return null;
}

/** pg-boss's statement text with $n placeholders, as a parameterised statement of a Drizzle transaction. */
function withParameters(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))),
    sql.raw(''),
  );
}

/**
 * Creates pg-boss's own tables in a database (used once for the test template) by running its
 * construction SQL, without starting a queue whose timers would outlive the call.
 */
export async function installJobSchema(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(PgBoss.getConstructionPlans('pgboss'));
  } finally {
    await client.end();
  }
}
