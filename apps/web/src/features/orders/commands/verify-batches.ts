// Batched verify (spec 02 §5, §8, §9): ids go out in batches of 100, or 10 in the embedded app
// (the page inside a frame); the per-batch results are merged into one.
import { ORDER_VERIFY_BATCH, ORDER_VERIFY_BATCH_EMBEDDED, type OrderBatchResult } from '@openseller/core';

export function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

export function verifyBatchSize(embedded: boolean): number {
  return embedded ? ORDER_VERIFY_BATCH_EMBEDDED : ORDER_VERIFY_BATCH;
}

export function chunkIds(ids: readonly number[], size: number): number[][] {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));
  return chunks;
}

export function mergeBatchResults(results: readonly OrderBatchResult[]): OrderBatchResult {
  return { successIds: results.flatMap((r) => r.successIds), failures: results.flatMap((r) => r.failures) };
}

/**
 * Sends the ids batch by batch, reporting progress after each. A batch that fails as a whole
 * (network, permission) counts every id in it as refused with that error.
 */
export async function runInBatches(
  ids: readonly number[],
  size: number,
  send: (idList: number[]) => Promise<OrderBatchResult>,
  onProgress: (done: number, total: number) => void,
  failureOf: (id: number, error: unknown) => OrderBatchResult['failures'][number],
): Promise<OrderBatchResult> {
  const results: OrderBatchResult[] = [];
  let done = 0;
  for (const chunk of chunkIds(ids, size)) {
    try {
      results.push(await send(chunk));
    } catch (error) {
      results.push({ successIds: [], failures: chunk.map((id) => failureOf(id, error)) });
    }
    done += chunk.length;
    onProgress(done, ids.length);
  }
  return mergeBatchResults(results);
}
