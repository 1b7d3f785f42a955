// Table density (issue 20 must-have 2): compact (single-line rows, fewer filters on show) or
// comfortable (the roomy rows and every filter), chosen per list and remembered per user on the
// server (userConfig, type USERCONFIG_TYPE_LIST_DENSITY, code = the list's key). The last answer
// is also kept in this browser, keyed by user, so the list is drawn in its density at once.
import { Segmented, Tooltip } from 'antd';
import { ColumnHeightOutlined, VerticalAlignMiddleOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIST_DENSITIES, SessionCalls, USERCONFIG_TYPE_LIST_DENSITY, type ListDensity } from '@openseller/core';
import { callApi } from '../app/request';
import { useSession } from '../app/session';
import { toast } from '../app/toast';
import './density.css';

/** The density a list has until its user chooses (the roomy one the existing journeys know; one switch away). */
export const DEFAULT_DENSITY: ListDensity = 'comfortable';

type Densities = Record<string, ListDensity>;
const queryKey = ['userConfig', USERCONFIG_TYPE_LIST_DENSITY] as const;
const cacheKey = (userId: number) => `openseller.density.${userId}`;

function cached(userId: number): Densities | undefined {
  try {
    const text = localStorage.getItem(cacheKey(userId));
    return text ? (JSON.parse(text) as Densities) : undefined;
  } catch {
    return undefined;
  }
}

const isDensity = (v: string): v is ListDensity => (LIST_DENSITIES as readonly string[]).includes(v);

/** The density of the list `listKey` and a switch to change it (a compact / comfortable toggle). */
export function useListDensity(listKey: string) {
  const { t } = useTranslation();
  const { account } = useSession();
  const client = useQueryClient();
  const all = useQuery({
    queryKey,
    staleTime: Infinity,
    placeholderData: () => cached(account.userId),
    queryFn: async () => {
      const items = await callApi(SessionCalls.userConfig, { configType: USERCONFIG_TYPE_LIST_DENSITY }, { quiet: true });
      const map: Densities = {};
      for (const item of items) if (isDensity(item.value)) map[item.code] = item.value;
      localStorage.setItem(cacheKey(account.userId), JSON.stringify(map));
      return map;
    },
  });
  const save = useMutation({
    mutationFn: (value: ListDensity) => callApi(SessionCalls.updateUserConfig, { configType: USERCONFIG_TYPE_LIST_DENSITY, code: listKey, value }, { quiet: true }),
    onMutate: (value) => {
      const next = { ...(client.getQueryData<Densities>(queryKey) ?? all.data ?? {}), [listKey]: value };
      client.setQueryData(queryKey, next);
      localStorage.setItem(cacheKey(account.userId), JSON.stringify(next));
    },
    onError: () => {
      toast.error(t('common:density.saveFailed'));
      void client.invalidateQueries({ queryKey });
    },
  });
  const density: ListDensity = all.data?.[listKey] ?? DEFAULT_DENSITY;
  const densitySwitch = (
    <Segmented<ListDensity>
      size="small"
      aria-label={t('common:density.label')}
      value={density}
      onChange={(value) => save.mutate(value)}
      options={[
        { value: 'compact', label: <Tooltip title={t('common:density.compactHelp')}>{t('common:density.compact')}</Tooltip>, icon: <VerticalAlignMiddleOutlined /> },
        { value: 'comfortable', label: <Tooltip title={t('common:density.comfortableHelp')}>{t('common:density.comfortable')}</Tooltip>, icon: <ColumnHeightOutlined /> },
      ]}
    />
  );
  return { density, compact: density === 'compact', densitySwitch };
}
