// Mutations of the order commands: each refreshes the order list (and its counts and tags), and
// words refusals with the area's translations (status, merge reasons and remedies translated too).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderFailure } from '@openseller/core';
import { i18next } from '../../../app/i18n';
import { ApiError, errorMessage } from '../../../app/request';

/** The order list's key root (features/orders/list/queries.ts). */
const ORDERS_KEY = ['orders'] as const;

function wordedParams(params: Record<string, unknown> = {}): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) out[k] = typeof v === 'number' ? v : String(v ?? '');
  if (typeof params.status === 'string') out.status = i18next.t(`ordercommands:statuses.${params.status}`, { defaultValue: params.status });
  if (typeof params.reason === 'string') out.reason = i18next.t(`ordercommands:mergeReasons.${params.reason}`, { defaultValue: params.reason });
  // A refusal for the order's status names its remedy (core orderStatusRemedy): worded by the
  // key's context, e.g. ERR_ORDER_STATUS_cancelReview, or the plain key when there is none.
  if (typeof params.remedy === 'string') out.context = params.remedy;
  return out;
}

/** The reason an order was refused, in the reader's language. */
export function failureText(f: Pick<OrderFailure, 'errorCode' | 'message' | 'params'>): string {
  return errorMessage({ code: f.errorCode, message: f.message, params: wordedParams(f.params) });
}

/** A failed call in words. */
export function commandErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return failureText({ errorCode: error.code, message: error.message, params: error.params });
  return error instanceof Error ? error.message : String(error);
}

export function useOrderCommand<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: ORDERS_KEY }) });
}
