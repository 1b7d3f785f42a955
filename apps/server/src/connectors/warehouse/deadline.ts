// A deadline for warehouse-system calls: whatever the call is doing, the caller gets TIMEOUT then.
import { pauseUnlessAborted, runWithDeadline } from '../deadline.js';
import { WarehouseConnectorError } from './types.js';

export const withWarehouseDeadline = <T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> =>
  runWithDeadline(timeoutMs, run, (message) => new WarehouseConnectorError('TIMEOUT', message));

/** Waits, or stops early (rejecting with TIMEOUT) when the signal fires. */
export const pause = (ms: number, signal?: AbortSignal): Promise<void> => pauseUnlessAborted(ms, signal, (message) => new WarehouseConnectorError('TIMEOUT', message));
