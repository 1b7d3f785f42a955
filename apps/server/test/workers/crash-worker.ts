// A worker process for the crash tests: the app's job workers on a test database with the
// tracked-task area, whose runs hang where the test wants them until it stops this process
// (kill -STOP, as a stalled machine) or kills it (kill -9, as a crash or a power cut).
import { buildApp } from '../../src/app.js';
import { connectDatabase } from '../../src/db/client.js';
import { DOOMED_WORKER, trackedTasksModule } from './tracked-tasks.js';

const url = process.env.DATABASE_URL!;
const database = connectDatabase(url, { max: 4, applicationName: DOOMED_WORKER });
await buildApp({
  database,
  filesDir: process.env.FILES_DIR!,
  jobs: { url, work: true, pollingIntervalSeconds: 0.5, tasks: JSON.parse(process.env.TASK_TIMING ?? '{}') },
  modules: [trackedTasksModule({ hangs: true })],
});
process.stdout.write('ready\n');
setInterval(() => {}, 1 << 30);
