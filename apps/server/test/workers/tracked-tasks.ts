// A test area with an import and an export whose runs a test can hold: in a worker process it is
// about to kill, a load hangs for ever after a row whose value is 'hang', and an export after its
// first rows; a row whose value is 'slow' takes 300 ms; in any worker a run first waits at the
// test's gate when one is given.
import { rowProblems } from '../../src/platform/import-problems.js';
import { z } from 'zod';
import { domainConfigs } from '../../src/db/schema/index.js';
import type { AreaModule } from '../../src/platform/module.js';

export const TRACKED_KIND = 'TEST_TRACKED';
/** The application name of the worker process a test stops or kills. */
export const DOOMED_WORKER = 'doomed-worker';

/** A point runs wait at until the test opens it. */
export class Gate {
  private opened!: () => void;
  private readonly promise = new Promise<void>((resolve) => (this.opened = resolve));
  wait(): Promise<void> {
    return this.promise;
  }
  open(): void {
    this.opened();
  }
}

const never = () => new Promise<never>(() => {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function trackedTasksModule(options: { hangs?: boolean; gate?: Gate } = {}): AreaModule {
  return ({ imports, exports }) => {
    imports.register<{ itemCode: string; value: string }>({
      kind: TRACKED_KIND,
      access: { menu: 'MENU_USER_CONFIG' },
      maxRows: 1000,
      sheetName: () => 'Config',
      columns: () => [
        { key: 'itemCode', header: 'Code', required: true },
        { key: 'value', header: 'Value', required: true },
      ],
      parseRow(values, language) {
        const parsed = z.object({ itemCode: z.string().min(1), value: z.string().min(1) }).safeParse(values);
        return parsed.success ? { row: parsed.data } : { problems: rowProblems(parsed.error, language, values) };
      },
      async load(rows, ctx, progress) {
        await options.gate?.wait();
        let done = 0;
        for (const row of rows) {
          await ctx.tx.insert(domainConfigs).values({ domainId: ctx.domainId, itemCode: row.itemCode, value: row.value });
          await progress(++done);
          if (row.value === 'slow') await sleep(300);
          if (row.value === 'hang' && options.hangs) await never();
        }
        return { created: done };
      },
    });
    exports.register({
      type: TRACKED_KIND,
      access: { menu: 'MENU_USER_CONFIG' },
      sheetName: () => 'Config',
      columns: () => [{ key: 'n', header: 'N' }],
      async *rows() {
        await options.gate?.wait();
        yield [1, 2, 3, 4, 5].map((n) => ({ n }));
        if (options.hangs) await never();
      },
    });
  };
}
