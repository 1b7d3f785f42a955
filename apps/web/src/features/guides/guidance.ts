// The user guidance config (spec 01 §3): each intro key holds {skip, complete}; NOT_TIPS a boolean.
// Read once per session through TanStack Query; a change is written and the cache updated.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NOVICE_GUIDANCE_KEYS } from '@openseller/core';
import { guideKeys, guidesApi } from './api';

export type GuidanceKey = (typeof NOVICE_GUIDANCE_KEYS)[number];
export type IntroKey = Exclude<GuidanceKey, 'NOT_TIPS'>;

export interface GuidanceState {
  notTips: boolean;
  seen: (key: IntroKey) => boolean;
}

/** Parses a stored intro value; anything unreadable counts as not seen. */
export function introSeen(value: string | undefined): boolean {
  if (!value) return false;
  try {
    const parsed = JSON.parse(value) as { skip?: unknown; complete?: unknown };
    return parsed.skip === true || parsed.complete === true;
  } catch {
    return false;
  }
}

export function useGuidance(enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: guideKeys.guidance, queryFn: guidesApi.guidance, enabled, staleTime: Infinity });
  const items = query.data ?? [];
  const valueOf = (code: string) => items.find((i) => i.code === code)?.value;
  const state: GuidanceState = { notTips: valueOf('NOT_TIPS') === 'true', seen: (key) => introSeen(valueOf(key)) };
  const update = useMutation({
    mutationFn: ({ code, value }: { code: GuidanceKey; value: string }) => guidesApi.setGuidance(code, value),
    onMutate: ({ code, value }) => {
      queryClient.setQueryData(guideKeys.guidance, (old: { code: string; value: string }[] | undefined) => [...(old ?? []).filter((i) => i.code !== code), { code, value }]);
    },
  });
  return {
    loaded: query.isSuccess,
    ...state,
    acknowledge: (key: IntroKey, skip = false) => update.mutate({ code: key, value: JSON.stringify({ skip, complete: !skip }) }),
    setNotTips: (value: boolean) => update.mutate({ code: 'NOT_TIPS', value: String(value) }),
  };
}
