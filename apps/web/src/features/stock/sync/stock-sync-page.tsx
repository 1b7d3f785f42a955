// /stocks/sync (MENU_INV_SYNC): per marketplace store, the warehouses it draws on (ratio and
// safety stock), its auto-sync switch, a preview of what a push would send, sync now (all or the
// selected online SKUs), and its latest failures with retry.
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Badge, Button, Card, Checkbox, Col, Empty, Input, List, Popconfirm, Row, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StockSyncPreviewRow, StockSyncRecordRow, StockSyncRuleRow, StockSyncStoreRow, WarehouseType } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { DateTime, RelativeTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { AuthStateTag, PlatformTag } from '../../stores/components/store-tags';
import { warehouseLabel } from '../../warehouses/queries';
import { stockSyncApi } from './api';
import { RuleModal } from './components/rule-modal';
import { OnlineSkuCell, ratioText, SyncErrorCell, SyncStatusTag } from './components/sync-tags';
import { useRefreshWhenSettled, useStockSyncMutation, useSyncFailures, useSyncPreview, useSyncStores } from './queries';

const failed = (error: unknown) => toast.error(errorMessage(error as ApiError));

function StoreList({ stores, selected, onSelect }: { stores: StockSyncStoreRow[]; selected: number; onSelect: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      dataSource={stores}
      renderItem={(s) => (
        <List.Item
          onClick={() => onSelect(s.storeId)}
          style={{ cursor: 'pointer', background: s.storeId === selected ? 'var(--ant-color-primary-bg, #e6f4ff)' : undefined, paddingInline: 12, borderRadius: 6 }}
        >
          <Space direction="vertical" size={2} style={{ width: '100%' }}>
            <Space size={6} wrap>
              <Typography.Text strong>{s.name}</Typography.Text>
              <PlatformTag code={s.platformCode} />
              {s.failureCount > 0 && <Badge count={s.failureCount} title={t('stocksync:store.failures', { count: s.failureCount })} />}
              {s.pendingCount > 0 && <SyncOutlined spin title={t('stocksync:store.pending', { count: s.pendingCount })} />}
            </Space>
            <Space size={6} wrap>
              {!s.usable && <Tag>{t('stocksync:store.disabled')}</Tag>}
              <Tag color={s.autoSync ? 'green' : 'default'}>{t(s.autoSync ? 'stocksync:store.autoOn' : 'stocksync:store.autoOff')}</Tag>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('stocksync:store.summary', { rules: s.rules.length, mapped: s.mappedCount })}
              </Typography.Text>
            </Space>
          </Space>
        </List.Item>
      )}
    />
  );
}

function RulesCard({ store }: { store: StockSyncStoreRow }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<StockSyncRuleRow | null>(null);
  const [open, setOpen] = useState(false);
  const remove = useStockSyncMutation((rule: StockSyncRuleRow) => stockSyncApi.deleteRule({ id: rule.id, version: rule.version }));
  const auto = useStockSyncMutation((on: boolean) => stockSyncApi.autoSync({ storeId: store.storeId, version: store.storeVersion, autoSync: on }));
  return (
    <Card
      size="small"
      title={t('stocksync:rules.title')}
      extra={
        <Space size={16}>
          <Tooltip title={t('stocksync:store.autoHint')}>
            <Space size={6}>
              <Switch
                size="small"
                checked={store.autoSync}
                loading={auto.isPending}
                aria-label={t('stocksync:store.auto')}
                onChange={(on) => auto.mutate(on, { onSuccess: () => toast.success(t(on ? 'stocksync:store.autoTurnedOn' : 'stocksync:store.autoTurnedOff')), onError: failed })}
              />
              <span>{t('stocksync:store.auto')}</span>
            </Space>
          </Tooltip>
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            {t('stocksync:rules.add')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('stocksync:rules.formula')}
      </Typography.Paragraph>
      <Table<StockSyncRuleRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={store.rules}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stocksync:rules.none')} /> }}
        columns={[
          {
            title: t('stocksync:rules.warehouse'),
            render: (_, r) => (
              <Space size={6}>
                <span>{warehouseLabel(r.warehouseName, r.warehouseType as WarehouseType)}</span>
                {r.warehouseStopped && (
                  <Tooltip title={t('stocksync:rules.stoppedHint')}>
                    <Tag>{t('stocksync:rules.stopped')}</Tag>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          { title: t('stocksync:rules.ratio'), dataIndex: 'ratio', width: 140, render: (v: string) => ratioText(v) },
          { title: t('stocksync:rules.safetyStock'), dataIndex: 'safetyStock', width: 110 },
          {
            title: t('common:actions.title'),
            width: 130,
            render: (_, r) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setEditing(r);
                    setOpen(true);
                  }}
                >
                  {t('common:actions.edit')}
                </Button>
                <Popconfirm title={t('stocksync:rules.deleteConfirm', { warehouse: r.warehouseName })} onConfirm={() => remove.mutate(r, { onError: failed })}>
                  <Button type="link" size="small" danger>
                    {t('common:actions.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <RuleModal store={store} rule={editing} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}

/** One line per rule warehouse (and a total line), so the columns of a row line up. */
function Lines({ lines, total }: { lines: ReactNode[]; total: ReactNode | null }) {
  if (!lines.length) return <span>-</span>;
  return (
    <div style={{ lineHeight: '22px' }}>
      {lines.map((line, i) => (
        <div key={i}>{line}</div>
      ))}
      {total !== null && <div style={{ minHeight: 22 }}>{total}</div>}
    </div>
  );
}

function PreviewCard({ store }: { store: StockSyncStoreRow }) {
  const { t } = useTranslation();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, keyword: '', onlyChanged: '' });
  const [selected, setSelected] = useState<number[]>([]);
  const input = {
    storeId: store.storeId,
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.onlyChanged ? { onlyChanged: true } : {}),
  };
  const preview = useSyncPreview(input, store.pendingCount > 0);
  const sync = useStockSyncMutation((ids: number[] | null) => stockSyncApi.manualSync({ storeId: store.storeId, ...(ids ? { tbSkuRowIds: ids } : {}) }));
  const names = useMemo(() => new Map(store.rules.map((r) => [r.warehouseId, r.warehouseName])), [store.rules]);
  const run = (ids: number[] | null) =>
    sync.mutate(ids, {
      onSuccess: (result) => {
        setSelected([]);
        toast.success(result.alreadyPending ? t('stocksync:preview.requestedWithPending', { ...result }) : t('stocksync:preview.requested', { count: result.requested }));
      },
      onError: failed,
    });
  const blocked = !store.usable || store.authState === 'NONE' || !store.rules.length;

  return (
    <Card
      size="small"
      title={t('stocksync:preview.title')}
      extra={
        <Space>
          <Button disabled={blocked || !selected.length} loading={sync.isPending && sync.variables !== null} onClick={() => run(selected)}>
            {t('stocksync:preview.syncSelected', { count: selected.length })}
          </Button>
          <Popconfirm title={t('stocksync:preview.syncAllConfirm', { count: store.mappedCount })} onConfirm={() => run(null)} disabled={blocked}>
            <Button type="primary" icon={<SyncOutlined />} disabled={blocked} loading={sync.isPending && sync.variables === null}>
              {t('stocksync:preview.syncAll')}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          defaultValue={state.keyword}
          placeholder={t('stocksync:preview.keyword')}
          style={{ width: 280 }}
          onSearch={(v) => setState({ keyword: v.trim(), currentPage: 1 })}
        />
        <Checkbox checked={!!state.onlyChanged} onChange={(e) => setState({ onlyChanged: e.target.checked ? '1' : '', currentPage: 1 })}>
          {t('stocksync:preview.onlyChanged')}
        </Checkbox>
        {store.pendingCount > 0 && (
          <Tag icon={<SyncOutlined spin />} color="processing">
            {t('stocksync:store.pending', { count: store.pendingCount })}
          </Tag>
        )}
      </Space>
      <Table<StockSyncPreviewRow>
        rowKey="tbSkuRowId"
        size="small"
        loading={preview.isFetching && !preview.data}
        dataSource={preview.data?.voList ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true }}
        pagination={tablePagination(state.currentPage, state.pageSize, preview.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stocksync:preview.empty')} /> }}
        columns={[
          { title: t('stocksync:columns.onlineSku'), render: (_, r) => <OnlineSkuCell row={r} /> },
          {
            title: t('stocksync:columns.systemSku'),
            width: 180,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Space size={4}>
                  <Typography.Text>{r.skuCode}</Typography.Text>
                  {r.isCombination && <Tag color="blue">{t('stocksync:columns.combination')}</Tag>}
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.skuName}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('stocksync:columns.available'),
            width: 150,
            render: (_, r) => (
              <Lines
                lines={r.parts.map((p) => (
                  <Space key={p.warehouseId} size={6} style={{ justifyContent: 'space-between', width: '100%' }}>
                    {r.parts.length > 1 && (
                      <Typography.Text type="secondary" ellipsis style={{ maxWidth: 80 }}>
                        {names.get(p.warehouseId)}
                      </Typography.Text>
                    )}
                    <span>{p.available}</span>
                  </Space>
                ))}
                total={r.parts.length > 1 ? <Typography.Text strong>{t('stocksync:columns.total', { available: r.available })}</Typography.Text> : null}
              />
            ),
          },
          { title: t('stocksync:rules.ratio'), width: 100, render: (_, r) => <Lines lines={r.parts.map((p) => ratioText(p.ratio))} total={r.parts.length > 1 ? '' : null} /> },
          { title: t('stocksync:rules.safetyStock'), width: 90, render: (_, r) => <Lines lines={r.parts.map((p) => p.safetyStock)} total={r.parts.length > 1 ? '' : null} /> },
          {
            title: t('stocksync:columns.quantity'),
            width: 100,
            align: 'right',
            render: (_, r) => (
              <Typography.Text strong type={r.changed ? 'warning' : undefined}>
                {r.quantity}
              </Typography.Text>
            ),
          },
          {
            title: t('stocksync:columns.lastPushed'),
            width: 150,
            render: (_, r) =>
              r.lastQuantity === null ? (
                <Typography.Text type="secondary">{t('stocksync:never')}</Typography.Text>
              ) : (
                <Space direction="vertical" size={0}>
                  <span>{r.lastQuantity}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    <RelativeTime value={r.lastPushedAt} />
                  </Typography.Text>
                </Space>
              ),
          },
          { title: t('stocksync:columns.lastStatus'), width: 100, render: (_, r) => <SyncStatusTag status={r.lastStatus} /> },
        ]}
      />
    </Card>
  );
}

function FailuresCard({ store }: { store: StockSyncStoreRow }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const failures = useSyncFailures({ storeId: store.storeId, currentPage: page, pageSize: 10 }, store.pendingCount > 0);
  const retry = useStockSyncMutation((ids: number[] | null) => stockSyncApi.retry(ids ? { idList: ids } : { storeId: store.storeId }));
  const onRetried = { onSuccess: () => toast.success(t('stocksync:failures.retried')), onError: failed };
  const blocked = !store.usable || store.authState === 'NONE';
  return (
    <Card
      size="small"
      title={
        <Space>
          {t('stocksync:failures.title')}
          {store.failureCount > 0 && <Badge count={store.failureCount} />}
        </Space>
      }
      extra={
        <Space>
          <Link to={`/logs?activeKey=3&storeId=${store.storeId}`}>{t('stocksync:failures.openLog')}</Link>
          <Button size="small" disabled={blocked || !store.failureCount} loading={retry.isPending && retry.variables === null} onClick={() => retry.mutate(null, onRetried)}>
            {t('stocksync:failures.retryAll')}
          </Button>
        </Space>
      }
    >
      <Table<StockSyncRecordRow>
        rowKey="id"
        size="small"
        loading={failures.isFetching && !failures.data}
        dataSource={failures.data?.voList ?? []}
        pagination={(failures.data?.total ?? 0) > 10 ? { current: page, pageSize: 10, total: failures.data?.total ?? 0, onChange: setPage, showSizeChanger: false } : false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stocksync:failures.none')} /> }}
        columns={[
          { title: t('stocksync:columns.time'), dataIndex: 'finishedAt', width: 150, render: (v: string | null, r) => <DateTime value={v ?? r.createdAt} /> },
          { title: t('stocksync:columns.onlineSku'), render: (_, r) => <OnlineSkuCell row={r} /> },
          { title: t('stocksync:columns.systemSku'), dataIndex: 'skuCode', width: 140 },
          { title: t('stocksync:columns.triedQuantity'), dataIndex: 'quantity', width: 80, align: 'right', render: (v: number | null) => v ?? '-' },
          { title: t('stocksync:columns.attempt'), dataIndex: 'attempt', width: 70, align: 'right' },
          { title: t('stocksync:columns.error'), render: (_, r) => <SyncErrorCell record={r} /> },
          {
            title: t('common:actions.title'),
            width: 90,
            render: (_, r) => (
              <Button type="link" size="small" disabled={blocked} loading={retry.isPending && retry.variables?.[0] === r.id} onClick={() => retry.mutate([r.id], onRetried)}>
                {t('stocksync:failures.retry')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

function StoreWarnings({ store }: { store: StockSyncStoreRow }) {
  const { t } = useTranslation();
  if (!store.usable) return <Alert type="warning" showIcon message={t('stocksync:store.disabledAlert')} />;
  if (store.authState === 'NONE') return <Alert type="warning" showIcon message={t('stocksync:store.unauthorizedAlert')} action={<Link to="/config/storemanagement">{t('stocksync:store.toStores')}</Link>} />;
  if (store.authState === 'EXPIRED') return <Alert type="warning" showIcon message={t('stocksync:store.expiredAlert')} action={<Link to="/config/storemanagement">{t('stocksync:store.toStores')}</Link>} />;
  if (!store.rules.length) return <Alert type="info" showIcon message={t('stocksync:store.noRulesAlert')} />;
  if (!store.mappedCount) return <Alert type="info" showIcon message={t('stocksync:store.noMappedAlert')} action={<Link to="/goods/mapping">{t('stocksync:store.toMapping')}</Link>} />;
  return null;
}

export default function StockSyncPage() {
  const { t } = useTranslation();
  // The chosen store is in the URL; choosing another starts its lists afresh.
  const [params, setParams] = useSearchParams();
  const stores = useSyncStores();
  const list = stores.data ?? [];
  const store = list.find((s) => s.storeId === Number(params.get('storeId'))) ?? list[0];
  useRefreshWhenSettled(store?.storeId ?? 0, store?.pendingCount ?? 0);
  return (
    <>
      <PageTitle title={t('nav:routes.stockSync')} />
      {stores.data && !list.length ? (
        <Card>
          <Empty description={t('stocksync:store.noStores')}>
            <Link to="/config/storemanagement">{t('stocksync:store.toStores')}</Link>
          </Empty>
        </Card>
      ) : (
        <Row gutter={16}>
          <Col xs={24} lg={7} xl={6}>
            <Card size="small" title={t('stocksync:store.title')} loading={stores.isLoading}>
              <StoreList stores={list} selected={store?.storeId ?? 0} onSelect={(id) => setParams(new URLSearchParams({ storeId: String(id) }))} />
            </Card>
          </Col>
          <Col xs={24} lg={17} xl={18}>
            {store && (
              <Space direction="vertical" size={16} style={{ width: '100%' }} key={store.storeId}>
                <Space size={8} wrap>
                  <Typography.Title level={4} style={{ margin: 0 }}>
                    {store.name}
                  </Typography.Title>
                  <PlatformTag code={store.platformCode} />
                  <AuthStateTag store={{ authState: store.authState, tokenExpiresAt: null }} />
                  {store.lastPushedAt && (
                    <Typography.Text type="secondary">
                      {t('stocksync:store.lastPushed')} <RelativeTime value={store.lastPushedAt} />
                    </Typography.Text>
                  )}
                </Space>
                <StoreWarnings store={store} />
                <RulesCard store={store} />
                <PreviewCard store={store} />
                <FailuresCard store={store} />
              </Space>
            )}
          </Col>
        </Row>
      )}
    </>
  );
}
