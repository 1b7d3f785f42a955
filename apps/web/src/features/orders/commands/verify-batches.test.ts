import { describe, expect, it } from 'vitest';
import { chunkIds, mergeBatchResults, runInBatches, verifyBatchSize } from './verify-batches';

describe('batched verify', () => {
  it('sends 100 ids per batch, 10 when embedded', () => {
    expect(verifyBatchSize(false)).toBe(100);
    expect(verifyBatchSize(true)).toBe(10);
    expect(chunkIds([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('merges the per-batch results and counts a failed batch as refused orders', async () => {
    const progress: number[] = [];
    const result = await runInBatches(
      [1, 2, 3, 4, 5],
      2,
      async (ids) => {
        if (ids.includes(3)) throw new Error('network');
        return { successIds: ids.filter((id) => id !== 1), failures: ids.includes(1) ? [{ id: 1, code: 'A', errorCode: 'ERR_ORDER_LOCKED', message: 'locked' }] : [] };
      },
      (done) => progress.push(done),
      (id, error) => ({ id, code: null, errorCode: 'ERR_BATCH', message: (error as Error).message }),
    );
    expect(progress).toEqual([2, 4, 5]);
    expect(result.successIds).toEqual([2, 5]);
    expect(result.failures.map((f) => [f.id, f.errorCode])).toEqual([
      [1, 'ERR_ORDER_LOCKED'],
      [3, 'ERR_BATCH'],
      [4, 'ERR_BATCH'],
    ]);
    expect(mergeBatchResults([])).toEqual({ successIds: [], failures: [] });
  });
});
