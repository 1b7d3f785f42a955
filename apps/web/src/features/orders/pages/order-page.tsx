// The order list (/order, menu MENU_ERPSO; spec 01 §2.2, spec 02 §3.5): tabs 1–8 by activeKey
// with their counts, the filters and saved search tabs, the command bar for the selected rows,
// the 待合 / 缺 row tags, overdue warnings and a detail drawer. All list state is in the URL.
import { Alert, Button, Card, ConfigProvider, Empty, Segmented, Space, Table, Tabs, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_EXCEPTION_TYPES, ORDER_TABS, formatMoney, type OrderRow } from '@openseller/core';
import { useColumnSettings } from '../../../ui/column-settings';
import { useListDensity } from '../../../ui/density';
import { PageTitle } from '../../../ui/page-title';
import { OrderPageActions } from '../ingest/components/order-page-actions';
import { FeedbackFailuresPanel, ShipActions, useFeedbackFailureCount } from '../shipping';
import { TrackingPanel } from '../tracking';
import { WaybillActions } from '../waybills';
import { PrintActions } from '../printing';
import { CheckPanel, WeighPanel } from '../checking';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { OrderActions } from '../commands/order-actions';
import { ExceptionActions } from '../exceptions/exception-actions';
import { ActiveFilters } from '../list/components/active-filters';
import { CompactLines, CompactPrintedCell, LabelPrintedCell, LinesSummary, OrderStatusTag, OrderTags, OverdueCell, RowTags, RowTagsContext } from '../list/components/order-cells';
import { OrderDetailDrawer } from '../list/components/order-detail-drawer';
import { OrderExportMenu } from '../list/components/order-export-menu';
import { ReceiverReveal } from '../list/components/receiver-reveal';
import { OrderFilterBar } from '../list/components/order-filter-bar';
import { SavedSearchTabs } from '../list/components/saved-search-tabs';
import { useQueryClient } from '@tanstack/react-query';
import { askOrderList, ordersErrorMessage, useOrderCounts, useOrderList, useOrderRowTags } from '../list/queries';
import { filtersToParams, ORDER_FILTER_DEFAULTS, orderSearchOf, pickFilters, useOrderListState, type OrderFilterState } from '../list/use-order-list-state';

/** A cell that shows only its order changes when the order does (the list answers new objects for changed orders). */
const changedOrder = (record: OrderRow, previous: OrderRow) => record !== previous;

export default function OrderPage() {
  const { t } = useTranslation();
  const { state, setState, activeKey, filterState, filters, search } = useOrderListState();
  const client = useQueryClient();
  const list = useOrderList(search);
  const counts = useOrderCounts(filters);
  const rows = useMemo(() => list.data?.voList ?? [], [list.data]);
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);
  const tags = useOrderRowTags(ids);
  const [selectedKeys, setSelectedKeys] = useState<number[]>([]);
  const selectedRows = useMemo(() => rows.filter((r) => selectedKeys.includes(r.id)), [rows, selectedKeys]);

  const feedbackFailures = useFeedbackFailureCount(activeKey === '5');
  const virtualRows = state.pageSize >= 100;
  const { compact, densitySwitch } = useListDensity('orders.list');
  const trackingScope = useMemo(
    () => ({
      ...(filters.storeIdList ? { storeIdList: filters.storeIdList } : {}),
      ...(filters.expressCompanyCodeList ? { expressCompanyCodeList: filters.expressCompanyCodeList } : {}),
    }),
    [filters.storeIdList, filters.expressCompanyCodeList],
  );

  // From the page's handlers only (tabs, filters, saved searches): drawn at once, not as a transition.
  const go = (patch: Parameters<typeof setState>[0]) => {
    setSelectedKeys([]);
    setState({ currentPage: 1, ...patch }, { now: true });
  };
  // After a command the table shows its spinner until the page is read again.
  const [refreshing, setRefreshing] = useState(false);
  const refetch = () => {
    setSelectedKeys([]);
    setRefreshing(true);
    void list.refetch().finally(() => setRefreshing(false));
    void counts.refetch();
    void tags.refetch();
  };
  const applySaved = (params: Record<string, unknown>) => {
    const patch: Record<string, string | number> = { ...ORDER_FILTER_DEFAULTS };
    for (const [key, value] of Object.entries(params)) if (typeof value === 'string' || typeof value === 'number') patch[key] = value;
    go(patch as Partial<OrderFilterState>);
  };

  const openRef = useRef(setState);
  const goRef = useRef(go);
  useEffect(() => {
    openRef.current = setState;
    goRef.current = go;
  });
  // The filter bar's search keeps its identity, so the (memoised) bar is not redrawn by a tab switch.
  const onSearch = useCallback((patch: Partial<OrderFilterState>) => goRef.current(patch), []);
  // A tab switch asks for the new tab's first page at once, while the page redraws.
  const switchTab = (key: string) => {
    const next = { ...state, ...filterState, activeKey: key, type: '', currentPage: 1 };
    askOrderList(client, orderSearchOf(next, filtersToParams(next)));
    go({ activeKey: key, type: '' });
  };
  // antd redraws every cell whenever the table renders unless a column says when its cell changes:
  // every cell here shows its order alone (the row tags, the clock and the overdue setting are read
  // by the cells themselves), so selecting rows redraws only the check boxes.
  // Compact: one line per order in columns that fit 1440 px without scrolling sideways (issue 20):
  // platform numbers, the address, the print time and the lines on hover; the buyer in the drawer.
  const compactDefs = useMemo<ColumnsType<OrderRow>>(() => [
    {
      title: t('orders:columns.code'),
      key: 'code',
      width: 142,
      shouldCellUpdate: changedOrder,
      render: (_, r) => (
        <span className="os-compact-nowrap">
          <Tooltip title={r.platformNos.length ? r.platformNos.join(', ') : undefined}>
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => openRef.current({ open: r.id })}>
              {r.code}
            </Button>
          </Tooltip>
          <RowTags id={r.id} />
        </span>
      ),
    },
    { title: t('orders:columns.store'), key: 'store', shouldCellUpdate: changedOrder, dataIndex: 'storeName', width: 88, ellipsis: true, render: (v: string | null) => v ?? '-' },
    { title: t('orders:columns.status'), key: 'status', shouldCellUpdate: changedOrder, width: 78, render: (_, r) => <OrderStatusTag status={r.statusCode} /> },
    { title: t('orders:columns.receiver'), key: 'receiver', shouldCellUpdate: changedOrder, width: 128, render: (_, r) => <ReceiverReveal order={r} oneLine /> },
    { title: t('orders:columns.lines'), key: 'lines', shouldCellUpdate: changedOrder, width: 164, render: (_, r) => <CompactLines order={r} /> },
    {
      title: t('orders:columns.amount'),
      key: 'amount', shouldCellUpdate: changedOrder,
      width: 80,
      align: 'right',
      render: (_, r) => <span title={t('orders:columns.qtyTotal', { count: r.qtyTotal })}>{formatMoney(r.amountTotal)}</span>,
    },
    { title: t('orders:columns.warehouse'), key: 'warehouse', shouldCellUpdate: changedOrder, dataIndex: 'warehouseName', width: 88, ellipsis: true, render: (v: string | null) => v ?? '-' },
    { title: t('orders:columns.express'), key: 'express', shouldCellUpdate: changedOrder, width: 104, ellipsis: true, render: (_, r) => [r.expressCompanyCode, r.expressNo].filter(Boolean).join(' ') || '-' },
    { title: t('orders:columns.printed'), key: 'printed', shouldCellUpdate: changedOrder, width: 84, render: (_, r) => <CompactPrintedCell order={r} /> },
    { title: t('orders:columns.labels'), key: 'labels', shouldCellUpdate: changedOrder, width: 100, render: (_, r) => <span className="os-compact-nowrap"><OrderTags order={r} /></span> },
    { title: t('orders:columns.payTime'), key: 'payTime', shouldCellUpdate: changedOrder, dataIndex: 'payTime', width: 112, render: (v: string | null) => <DateTime value={v} /> },
    { title: t('orders:columns.overdue'), key: 'overdue', width: 88, shouldCellUpdate: changedOrder, render: (_, r) => <OverdueCell lastShipTime={r.lastShipTime} /> },
  ], [t]);
  const comfortableDefs = useMemo<ColumnsType<OrderRow>>(() => [
    {
      title: t('orders:columns.code'),
      key: 'code',
      width: 220,
      fixed: 'left',
      shouldCellUpdate: changedOrder,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Space size={4} wrap>
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => openRef.current({ open: r.id })}>
              {r.code}
            </Button>
            <RowTags id={r.id} />
          </Space>
          {r.platformNos.map((no) => (
            <Typography.Text key={no} type="secondary" style={{ fontSize: 12 }} copyable>
              {no}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    { title: t('orders:columns.store'), key: 'store', shouldCellUpdate: changedOrder, dataIndex: 'storeName', width: 150, render: (v: string | null) => v ?? '-' },
    { title: t('orders:columns.status'), key: 'status', shouldCellUpdate: changedOrder, width: 110, render: (_, r) => <OrderStatusTag status={r.statusCode} /> },
    { title: t('orders:columns.buyer'), key: 'buyer', shouldCellUpdate: changedOrder, dataIndex: 'buyerNick', width: 130, render: (v: string | null) => v ?? '-' },
    {
      title: t('orders:columns.receiver'),
      key: 'receiver', shouldCellUpdate: changedOrder,
      width: 220,
      // Masked; the eye shows it in full to an account holding the reveal permission (logged).
      render: (_, r) => <ReceiverReveal order={r} compact />,
    },
    { title: t('orders:columns.lines'), key: 'lines', shouldCellUpdate: changedOrder, width: 300, render: (_, r) => <LinesSummary order={r} /> },
    {
      title: t('orders:columns.amount'),
      key: 'amount', shouldCellUpdate: changedOrder,
      width: 120,
      align: 'right',
      render: (_, r) => (
        <>
          {formatMoney(r.amountTotal)}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('orders:columns.qtyTotal', { count: r.qtyTotal })}
          </Typography.Text>
        </>
      ),
    },
    { title: t('orders:columns.warehouse'), key: 'warehouse', shouldCellUpdate: changedOrder, dataIndex: 'warehouseName', width: 140, render: (v: string | null) => v ?? '-' },
    { title: t('orders:columns.express'), key: 'express', shouldCellUpdate: changedOrder, width: 150, render: (_, r) => [r.expressCompanyCode, r.expressNo].filter(Boolean).join(' ') || '-' },
    { title: t('orders:columns.printed'), key: 'printed', shouldCellUpdate: changedOrder, width: 130, render: (_, r) => <LabelPrintedCell order={r} /> },
    { title: t('orders:columns.labels'), key: 'labels', shouldCellUpdate: changedOrder, width: 200, render: (_, r) => <OrderTags order={r} /> },
    { title: t('orders:columns.payTime'), key: 'payTime', shouldCellUpdate: changedOrder, dataIndex: 'payTime', width: 160, render: (v: string | null) => <DateTime value={v} /> },
    { title: t('orders:columns.overdue'), key: 'overdue', width: 170, shouldCellUpdate: changedOrder, render: (_, r) => <OverdueCell lastShipTime={r.lastShipTime} /> },
  ], [t]);
  // Hidden columns are remembered per density: the compact list has its own set.
  const { columns, settingsButton } = useColumnSettings<OrderRow>(compact ? 'orders.list.compact' : 'orders.list', compact ? compactDefs : comfortableDefs, [], { fitHeaders: !compact });
  const compactWidth = useMemo(() => 32 + columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0), [columns]);

  // What does not change with the tab, the page or the filters is kept as the same elements, so a
  // tab switch redraws the list and the tab's commands only.
  const tabItems = useMemo(
    () =>
      ORDER_TABS.map((key) => ({
        key,
        label: (
          <span>
            {t(`orders:tabs.${key}`)} {counts.data ? <Typography.Text type="secondary">({counts.data.tabs[key]})</Typography.Text> : null}
          </span>
        ),
      })),
    [counts.data, t],
  );
  const pageTitle = useMemo(() => <PageTitle title={t('orders:title')} extra={<OrderPageActions />} />, [t]);
  const drawer = useMemo(() => <OrderDetailDrawer id={state.open || null} onClose={() => openRef.current({ open: 0 })} />, [state.open]);
  const rowSelection = useMemo(
    () => ({ selectedRowKeys: selectedKeys, onChange: (keys: React.Key[]) => setSelectedKeys(keys as number[]), preserveSelectedRowKeys: false }),
    [selectedKeys],
  );
  const emptyText = useMemo(() => ({ emptyText: list.isLoading ? ' ' : <Empty description={t('orders:list.empty')} /> }), [list.isLoading, t]);
  const hasWave = rows.some((r) => r.soExtendStatus === 'WAVE_ORDER');
  // Tab 5's shipping-feedback failures are platform orders, listed by their own panel.
  const feedbackView = activeKey === '5' && state.type === 'feedback';

  return (
    <>
      {pageTitle}
      <Card>
        <Tabs activeKey={activeKey} items={tabItems} onChange={switchTab} />
        {activeKey === '5' && (
          <Segmented
            style={{ marginBottom: 12 }}
            value={(ORDER_EXCEPTION_TYPES as readonly string[]).includes(state.type) || state.type === 'feedback' ? state.type : ''}
            onChange={(value) => go({ type: String(value) })}
            options={[
              { value: '', label: `${t('orders:exceptions.all')} (${counts.data?.tabs['5'] ?? 0})` },
              ...ORDER_EXCEPTION_TYPES.map((type) => ({ value: type, label: `${t(`orders:exceptions.${type}`)} (${counts.data?.exceptions[type] ?? 0})` })),
              { value: 'feedback', label: `${t('ordershipping:failures.tab')} (${feedbackFailures.data?.count ?? 0})` },
            ]}
          />
        )}
        {feedbackView && <FeedbackFailuresPanel />}
        {activeKey === '7' && <TrackingPanel selectedIds={selectedKeys} scope={trackingScope} />}
        {activeKey === '5' && !feedbackView && <ExceptionActions type={(ORDER_EXCEPTION_TYPES as readonly string[]).includes(state.type) ? state.type : ''} selected={selectedRows} onDone={refetch} />}
        {!feedbackView && (
          <>
            {activeKey === '3' && <CheckPanel onShipped={refetch} />}
            {activeKey === '8' && <WeighPanel onShipped={refetch} />}
            <OrderFilterBar value={filterState} compact={compact} onSearch={onSearch} />
            <ActiveFilters state={state} activeKey={activeKey} onChange={(patch) => go(patch)} />
            <SavedSearchTabs current={{ ...pickFilters(state), activeKey }} onApply={(params) => applySaved(params)} />
            {list.error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={ordersErrorMessage(list.error)} />}
            {hasWave && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('orders:wave.note')} />}
            {/* The command bar: one line in the compact list (the buttons keep their size, the bar scrolls if a narrow window needs it). */}
            <ConfigProvider componentSize={compact ? 'small' : undefined}>
            <Space wrap={!compact} className={compact ? 'os-command-bar-compact' : undefined} style={{ marginBottom: compact ? 8 : 12, width: '100%', justifyContent: 'space-between' }}>
              <Space wrap={!compact} size={compact ? 4 : undefined}>
                <OrderActions tab={activeKey} selected={selectedRows} onDone={refetch} />
                {activeKey === '2' && <WaybillActions selectedIds={selectedKeys} onDone={() => void refetch()} />}
                {activeKey === '2' && <PrintActions selected={selectedRows} onDone={() => void refetch()} />}
                {['2', '3', '8'].includes(activeKey) && <ShipActions selected={selectedRows} onDone={refetch} onShowFailures={() => go({ activeKey: '5', type: 'feedback' })} />}
              </Space>
              <Space size={compact ? 4 : undefined}>
                {selectedKeys.length > 0 && <Typography.Text type="secondary">{t('orders:list.selected', { count: selectedKeys.length })}</Typography.Text>}
                <OrderExportMenu filters={filters} activeKey={activeKey} selectedIds={selectedKeys} />
                {densitySwitch}
                {/* The compact bar shows the columns button as its icon (its name stays for screen readers). */}
                <span className={compact ? 'os-icon-only' : undefined}>{settingsButton}</span>
              </Space>
            </Space>
            </ConfigProvider>
            <RowTagsContext.Provider value={tags.data ?? null}>
            <Table<OrderRow>
              rowKey="id"
              size="small"
              // A spinner over rows of another tab or page (kept until the new page comes) or after a
              // command; a tab's own page from the cache is shown at once, and read again quietly.
              loading={list.isPlaceholderData ? list.isFetching : list.isLoading || refreshing}
              dataSource={rows}
              columns={columns as ColumnsType<OrderRow>}
              className={compact ? 'os-table-compact' : undefined}
              tableLayout={compact ? 'fixed' : undefined}
              // Pages of 100 rows and more draw only the rows in view (in a scrolling body of the window's
              // height); drawing 1,000 full rows took seconds and so did selecting them. The compact
              // list's columns fit the page: no sideways scroll.
              virtual={virtualRows}
              scroll={virtualRows ? { x: compact ? compactWidth : 2100, y: Math.max(360, window.innerHeight - 280) } : compact ? undefined : { x: 2100 }}
              rowSelection={rowSelection}
              locale={emptyText}
              pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => {
                setSelectedKeys([]);
                setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }, { now: true });
              })}
            />
            </RowTagsContext.Provider>
          </>
        )}
      </Card>
      {drawer}
    </>
  );
}
