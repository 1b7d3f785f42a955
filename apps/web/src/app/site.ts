import { useQuery } from '@tanstack/react-query';
import { SystemCalls, type CallAnswer } from '@openseller/core';
import { callApi } from './request';

/** The site-wide title setting (spec 01 §1), known before sign-in. */
export function useSiteInfo(): CallAnswer<typeof SystemCalls.siteInfo> | undefined {
  return useQuery({ queryKey: ['site-info'], queryFn: () => callApi(SystemCalls.siteInfo, undefined, { quiet: true }), staleTime: Infinity }).data;
}
