// Tab 7 of the order list (spec 01 §2.2, spec 02 §4.1): the sent orders counted per tracking state
// as clickable filters (the chosen state's orders are listed here), the tracking state and last
// event of the rows selected in the order table, and Refresh / Ignore / Unignore.
import { useState } from 'react';
import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, TRACKING_STATES, type TrackingRow, type TrackingState, type TrackingStatisticsInput } from '@openseller/core';
import { toast } from '../../../app/toast';
import { tablePagination } from '../../../ui/pagination';
import { commandErrorMessage } from '../commands/queries';
import { trackingApi } from './api';
import { useTrackingCommand, useTrackingSearch, useTrackingStatistics } from './queries';

const COLORS: Partial<Record<TrackingState, string>> = { GOT: 'blue', TRANSIT: 'processing', SIGNED: 'success', EXCEPTION: 'error', REGISTER_ERROR: 'warning' };

type Filter = TrackingState | 'IGNORED' | null;

/** The stores and couriers the order list is narrowed to: the panel counts, lists and refreshes within them. */
export type TrackingScope = Pick<TrackingStatisticsInput, 'storeIdList' | 'expressCompanyCodeList'>;

export function TrackingPanel({ selectedIds, scope = {} }: { selectedIds: number[]; scope?: TrackingScope }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>(null);
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [picked, setPicked] = useState<number[]>([]);
  const stats = useTrackingStatistics(scope);
  const scoped = Boolean(scope.storeIdList?.length || scope.expressCompanyCodeList?.length);
  const byFilter = useTrackingSearch(
    { ...page, ...scope, ...(filter === 'IGNORED' ? { ignored: true } : filter ? { state: filter, ignored: false } : {}) },
    filter !== null,
  );
  const bySelection = useTrackingSearch({ currentPage: 1, pageSize: 100, idList: selectedIds.slice(0, 100) }, filter === null && selectedIds.length > 0);
  const refresh = useTrackingCommand(trackingApi.refresh);
  const ignore = useTrackingCommand(trackingApi.ignore);
  const unignore = useTrackingCommand(trackingApi.unignore);

  const list = filter !== null ? byFilter : bySelection;
  const rows = filter !== null || selectedIds.length ? (list.data?.voList ?? []) : [];
  const targets = filter !== null ? picked : selectedIds;

  function choose(next: Filter) {
    setPicked([]);
    setPage({ currentPage: 1, pageSize: page.pageSize });
    setFilter(next === filter ? null : next);
  }

  function onRefresh() {
    refresh.mutate(targets.length ? { idList: targets } : scope, {
      onSuccess: (r) => {
        if (r.failed) toast.warning(t('ordertracking:refreshFailed', { count: r.failed, reason: r.failure ?? '' }));
        else toast.success(t('ordertracking:refreshed', { count: r.checked, changed: r.changed }));
      },
      onError: (e) => toast.error(commandErrorMessage(e)),
    });
  }

  function onIgnore(undo: boolean) {
    (undo ? unignore : ignore).mutate(targets, {
      onSuccess: (r) => {
        setPicked([]);
        toast.success(t(undo ? 'ordertracking:unignored' : 'ordertracking:ignored', { count: r.count }));
      },
      onError: (e) => toast.error(commandErrorMessage(e)),
    });
  }

  const columns = [
    { title: t('ordertracking:col.code'), dataIndex: 'code', key: 'code', width: 180 },
    { title: t('ordertracking:col.express'), key: 'express', width: 220, render: (_: unknown, r: TrackingRow) => `${r.expressCompanyCode ?? ''} ${r.expressNo ?? ''}` },
    {
      title: t('ordertracking:col.state'),
      key: 'state',
      width: 140,
      render: (_: unknown, r: TrackingRow) => (
        <Space size={4}>
          <Tag color={COLORS[r.state]}>{t(`ordertracking:states.${r.state}`)}</Tag>
          {r.ignored && <Tag>{t('ordertracking:ignoredTag')}</Tag>}
        </Space>
      ),
    },
    { title: t('ordertracking:col.lastEvent'), dataIndex: 'lastEventText', key: 'lastEventText', render: (v: string | null) => v ?? '—' },
    { title: t('ordertracking:col.lastEventAt'), dataIndex: 'lastEventAt', key: 'lastEventAt', width: 180, render: (v: string | null) => formatDateTime(v) || '—' },
    { title: t('ordertracking:col.checkedAt'), dataIndex: 'checkedAt', key: 'checkedAt', width: 180, render: (v: string | null) => formatDateTime(v) || t('ordertracking:never') },
  ];

  const busy = refresh.isPending || ignore.isPending || unignore.isPending;
  return (
    <div style={{ marginBottom: 12 }} data-testid="tracking-panel">
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('ordertracking:title')}</Typography.Text>
        {TRACKING_STATES.map((state) => (
          <Tag.CheckableTag key={state} checked={filter === state} onChange={() => choose(state)}>
            {t(`ordertracking:states.${state}`)} ({stats.data?.states[state] ?? 0})
          </Tag.CheckableTag>
        ))}
        <Tag.CheckableTag checked={filter === 'IGNORED'} onChange={() => choose('IGNORED')}>
          {t('ordertracking:ignoredTag')} ({stats.data?.ignored ?? 0})
        </Tag.CheckableTag>
        {scoped && <Typography.Text type="secondary">{t('ordertracking:scoped')}</Typography.Text>}
      </Space>
      <Space wrap style={{ marginBottom: 8, display: 'flex' }}>
        <Button loading={refresh.isPending} disabled={busy} onClick={onRefresh}>
          {targets.length ? t('ordertracking:refreshChosen', { n: targets.length }) : t('ordertracking:refreshAll')}
        </Button>
        <Popconfirm title={t('ordertracking:ignoreConfirm', { count: targets.length })} onConfirm={() => onIgnore(false)} disabled={!targets.length}>
          <Button disabled={!targets.length || busy}>{t('ordertracking:ignore')}</Button>
        </Popconfirm>
        <Button disabled={!targets.length || busy} onClick={() => onIgnore(true)}>
          {t('ordertracking:unignore')}
        </Button>
        {filter === null && !selectedIds.length && <Typography.Text type="secondary">{t('ordertracking:hint')}</Typography.Text>}
      </Space>
      {(filter !== null || selectedIds.length > 0) && (
        <Table<TrackingRow>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={rows}
          columns={columns}
          scroll={{ x: 1000 }}
          {...(filter !== null
            ? {
                rowSelection: { selectedRowKeys: picked, onChange: (keys) => setPicked(keys as number[]) },
                pagination: tablePagination(page.currentPage, page.pageSize, list.data?.total ?? 0, (currentPage, pageSize) => {
                  setPicked([]);
                  setPage({ currentPage: pageSize !== page.pageSize ? 1 : currentPage, pageSize });
                }),
              }
            : { pagination: false as const })}
        />
      )}
    </div>
  );
}
