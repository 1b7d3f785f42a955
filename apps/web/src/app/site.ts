import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@openseller/core';
import { get } from './request';

/** The site-wide title setting (spec 01 §1), known before sign-in. */
export function useSiteInfo(): SiteInfo | undefined {
  return useQuery({ queryKey: ['site-info'], queryFn: () => get<SiteInfo>('/cloud/core/site/info', { quiet: true }), staleTime: Infinity }).data;
}
