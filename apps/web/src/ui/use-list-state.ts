// List state (page, size, filters) kept in the URL so a list can be shared, reloaded and
// navigated with Back.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

type Primitive = string | number;

/** The state a query string holds: each default's key read from it, numbers as numbers. */
export function parseListState<T extends Record<string, Primitive>>(defaults: T, params: URLSearchParams): T {
  const result = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const raw = params.get(String(key));
    if (raw === null) continue;
    const fallback = defaults[key];
    if (typeof fallback === 'number') {
      const n = Number(raw);
      if (Number.isFinite(n)) (result as Record<string, Primitive>)[String(key)] = n;
    } else (result as Record<string, Primitive>)[String(key)] = raw;
  }
  return result;
}

export function useListState<T extends Record<string, Primitive>>(defaults: T): [T, (patch: Partial<T>, options?: { now?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const state = useMemo(() => parseListState(defaults, params), [params]);
  const update = useCallback(
    (patch: Partial<T>, options?: { now?: boolean }) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        // `now`: drawn at once rather than as a transition. React Router renders a navigation as a
        // transition, cut into 5 ms slices with the browser painting between them, which made the
        // order list's tab switch take far longer than its rendering. Only from event handlers
        // (React cannot flush while it renders or runs effects).
        { replace: false, ...(options?.now ? { flushSync: true } : {}) },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );
  return [state, update];
}
