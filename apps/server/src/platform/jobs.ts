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
import PgBoss from 'pg-boss';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.js';

export interface JobDefinition {
  name: string;
  /** A cron expression when the job also runs on a schedule. */
  cron?: string;
  handler: (data: Record<string, unknown>) => Promise<void>;
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
  /** How long stop() lets running handlers finish before their tasks go back to the queue (default 10 s). */
  stopTimeoutSeconds?: number;
}

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
        if (def.cron) await boss.schedule(def.name, def.cron);
        else await boss.unschedule(def.name).catch(() => {});
        if (options.work) {
          const worker = await boss.work<Record<string, unknown>>(def.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 1 }, async (jobs) => {
            for (const job of jobs) await def.handler(job.data ?? {});
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
      boss = null;
    },
  };
  return queue;
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
