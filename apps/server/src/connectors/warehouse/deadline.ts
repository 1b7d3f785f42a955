// A deadline for warehouse-system calls: whatever the call is doing, the caller gets TIMEOUT then.
import { WarehouseConnectorError } from './types.js';

export async function withWarehouseDeadline<T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new WarehouseConnectorError('TIMEOUT', `no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits, or stops early (rejecting with TIMEOUT) when the signal fires. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new WarehouseConnectorError('TIMEOUT', 'aborted'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new WarehouseConnectorError('TIMEOUT', 'aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
