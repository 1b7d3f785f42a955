// Background jobs on pg-boss, in the same PostgreSQL database: no other infrastructure. Areas
// define their jobs while the app is built; the queue starts once all are defined.
import PgBoss from 'pg-boss';
import pg from 'pg';

export interface JobDefinition {
  name: string;
  /** A cron expression when the job also runs on a schedule. */
  cron?: string;
  handler: (data: Record<string, unknown>) => Promise<void>;
}

export interface JobQueueOptions {
  url: string;
  /** Run the handlers in this process (a web-only process only enqueues). */
  work: boolean;
  pollingIntervalSeconds?: number;
  log?: (message: string) => void;
}

export interface JobQueue {
  define(definition: JobDefinition): void;
  send(name: string, data?: Record<string, unknown>): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const definitions: JobDefinition[] = [];
  const log = options.log ?? (() => {});
  let boss: PgBoss | null = null;
  // The worker of each queue this process runs: a job sent from here wakes it at once instead of
  // waiting for its next poll (an import's check and load each waited up to a polling interval).
  const workers = new Map<string, string>();

  return {
    define(definition) {
      if (boss) throw new Error(`job ${definition.name} defined after the queue started`);
      definitions.push(definition);
    },
    async send(name, data = {}) {
      if (!boss) throw new Error('the job queue is not running');
      await boss.send(name, data);
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
    },
    async start() {
      boss = new PgBoss({ connectionString: options.url, application_name: 'openseller-jobs', max: 4 });
      boss.on('error', (error: Error) => log(`[jobs] ${error.message}`));
      await boss.start();
      for (const def of definitions) {
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
    },
    async stop() {
      if (!boss) return;
      const b = boss;
      boss = null;
      workers.clear();
      await b.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
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
