// Queries of the shipping feedback: the failures list and count (refreshed after a retry, a
// close or a send), and the progress of a feedback record, polled every 2 s until complete
// (spec 01 §4.6).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackFailureSearch } from '@openseller/core';
import { shippingApi } from './api';

export const SHIPPING_KEY = ['orders', 'shipping'] as const;
export const shippingKeys = {
  failures: (input: FeedbackFailureSearch) => [...SHIPPING_KEY, 'failures', input] as const,
  progress: (recordKey: string) => [...SHIPPING_KEY, 'progress', recordKey] as const,
  failureCount: [...SHIPPING_KEY, 'failureCount'] as const,
};

export const FEEDBACK_POLL_MS = 2000;

/** How many feedbacks failed and wait for a retry or a close (the exceptions tab's 'Feedback failed'). */
export function useFeedbackFailureCount(enabled = true) {
  return useQuery({ queryKey: shippingKeys.failureCount, queryFn: () => shippingApi.failureCount({}), enabled });
}

export function useFeedbackFailures(input: FeedbackFailureSearch) {
  return useQuery({ queryKey: shippingKeys.failures(input), queryFn: () => shippingApi.failures(input), placeholderData: keepPreviousData });
}

export function useFeedbackProgress(recordKey: string | null) {
  return useQuery({
    queryKey: shippingKeys.progress(recordKey ?? ''),
    queryFn: async () => {
      // The record of this notice among the open ones; a closed or unknown record ends the polling.
      const item = (await shippingApi.progress()).vo.feedbackProgressItems.find((p) => p.recordKey === recordKey);
      if (!item) throw new Error(`feedback record ${recordKey} is closed`);
      return item;
    },
    enabled: !!recordKey,
    retry: false,
    refetchInterval: (query) => (query.state.error || query.state.data?.feedbackComplete ? false : FEEDBACK_POLL_MS),
  });
}

export function useFeedbackMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: ['orders'] }) });
}

/** The share the progress bar shows: done / total, at least 5 %. */
export function progressPercent(p: { totalCount: number; successfulCount: number; failureCount: number; feedbackComplete: boolean }): number {
  if (p.feedbackComplete) return 100;
  const share = p.totalCount ? Math.round(((p.successfulCount + p.failureCount) / p.totalCount) * 100) : 0;
  return Math.min(99, Math.max(5, share));
}
