// Deadlines and pauses for calls to outside services (marketplaces, warehouse systems): the call
// gets an AbortSignal that fires at the deadline, and whatever it is doing, the caller gets the
// connector's own TIMEOUT error then. Each connector passes the error it speaks in.

/** Runs `run` with a deadline; at the deadline the signal fires and `timeout(message)` is thrown. */
export async function runWithDeadline<T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T>, timeout: (message: string) => Error): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(timeout(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits ms, or stops early, rejecting with `aborted('aborted')`, when the signal fires. */
export function pauseUnlessAborted(ms: number, signal: AbortSignal | undefined, aborted: (message: string) => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted('aborted'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
