// Table density (issue 20 must-have 2): compact (single-line rows, fewer filters on show) or
// comfortable (the roomy rows and every filter), chosen per list and remembered per user on the
// server (userConfig, type USERCONFIG_TYPE_LIST_DENSITY, code = the list's key). The last answer
// is also kept in this browser, keyed by user, so the list is drawn in its density at once.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Segmented, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ColumnHeightOutlined, VerticalAlignMiddleOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIST_DENSITIES, SessionCalls, USERCONFIG_TYPE_LIST_DENSITY, type ListDensity } from '@openseller/core';
import { callApi } from '../app/request';
import { useSession } from '../app/session';
import { toast } from '../app/toast';
import { headerWordWidth } from './header-fit';
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

/** Room a table's row selection column takes. */
const SELECTION_WIDTH = 32;
/** Room a table's expand column takes. */
const EXPAND_WIDTH = 48;
/** A column's narrowest width: its longest header word in 12 px text with compact padding, and 48 px. */
const narrowest = (title: unknown, compact: boolean) => (typeof title === 'string' ? Math.max(48, headerWordWidth(title) - (compact ? 16 : 0)) : 48);

/**
 * The columns narrowed in proportion so that together they fit `width` (the table's own width),
 * none narrower than its header's longest word; `fits` says whether they do (else the table
 * scrolls sideways at their sum). Columns without a width count as 120 px.
 */
export function fitColumns<T>(columns: ColumnsType<T>, width: number, extraWidth = 0, compact = false): { columns: ColumnsType<T>; total: number; fits: boolean } {
  const room = width - extraWidth;
  const widths = columns.map((c) => (typeof c.width === 'number' ? c.width : 120));
  const sum = widths.reduce((a, b) => a + b, 0);
  if (!width || sum <= room) return { columns: columns.map((c, i) => ({ ...c, width: widths[i] })), total: sum, fits: true };
  // The actions column keeps its width: its buttons do not shrink.
  const mins = columns.map((c, i) => (c.key === 'actions' ? widths[i]! : narrowest(c.title, compact)));
  // Shrink the columns above their minimum in proportion to the room they have to give.
  const spare = widths.reduce((a, w, i) => a + Math.max(0, w - mins[i]!), 0);
  const excess = sum - room;
  const ratio = spare > 0 ? Math.min(1, excess / spare) : 1;
  const fitted = widths.map((w, i) => Math.floor(w - Math.max(0, w - mins[i]!) * ratio));
  const total = fitted.reduce((a, b) => a + b, 0);
  return { columns: columns.map((c, i) => ({ ...c, width: fitted[i] })), total, fits: total <= room };
}

/** The width of an element, followed as it changes (0 until it is laid out). */
export function useElementWidth<E extends HTMLElement>(): [React.RefCallback<E>, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: E | null) => {
    observer.current?.disconnect();
    if (!el) return;
    setWidth(el.clientWidth);
    observer.current = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.current.observe(el);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width];
}

/**
 * What a list's table needs for its density (issue 20): its default columns fitted to the page
 * (no sideways scroll at 1440 px), compact rows when chosen, and virtual rows for pages of 100 and
 * more (only the rows in view are drawn, in a body of the window's height). Spread the answer's
 * `table` on the Table and put `ref` on an element as wide as the table.
 */
export function useDenseTable<T>(columns: ColumnsType<T>, options: { compact: boolean; pageSize: number; selection?: boolean; expandable?: boolean }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const extra = (options.selection ? SELECTION_WIDTH : 0) + (options.expandable ? EXPAND_WIDTH : 0);
  const fitted = useMemo(() => fitColumns(columns, width, extra, options.compact), [columns, width, extra, options.compact]);
  const virtual = options.pageSize >= 100;
  const x = fitted.total + extra;
  return {
    ref,
    table: {
      columns: fitted.columns,
      className: options.compact ? 'os-table-compact' : undefined,
      tableLayout: 'fixed' as const,
      virtual,
      scroll: virtual ? { x, y: Math.max(360, window.innerHeight - 280) } : fitted.fits ? undefined : { x },
    },
  };
}
