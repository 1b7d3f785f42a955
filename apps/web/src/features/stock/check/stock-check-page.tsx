// Stock checks (/stocks/check, menu MENU_INV_ADJUST): the list of checks with filters kept in the
// URL; a new check of a warehouse (optionally one location or some goods); a check opens in a
// drawer to count by hand or import counted quantities, see the differences, confirm (asked
// first) or cancel.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Drawer, Input, Modal, Popconfirm, Select, Skeleton, Space, Table, Tabs, Typography } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALL_WAREHOUSES_ID, STOCK_CHECK_STATUSES, type StockCheckDetail, type StockCheckRow, type StockCheckStatus } from '@openseller/core';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { ImportModal } from '../../../ui/import-modal';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { stockCheckApi } from './api';
import { AddFoundModal } from './components/add-found-modal';
import { CheckStatusTag, SignedQty } from './components/check-status-tag';
import { CountTable } from './components/count-table';
import { CreateCheckModal } from './components/create-check-modal';
import { DifferencesView } from './components/differences-view';
import { stockCheckErrorMessage, stockCheckKeys, useStockCheck, useStockCheckList, useStockCheckMutation } from './queries';

const DEFAULTS = { currentPage: 1, pageSize: 10, warehouseId: ALL_WAREHOUSES_ID, status: '', code: '', open: 0, tab: 'count' };

function ScopeText({ check }: { check: StockCheckRow }) {
  const { t } = useTranslation();
  const parts = [check.locationCode ? t('stockcheck:scope.location', { code: check.locationCode }) : t('stockcheck:scope.allLocations')];
  parts.push(check.scopeSkuCount ? t('stockcheck:scope.skus', { count: check.scopeSkuCount }) : t('stockcheck:scope.allSkus'));
  return <span>{parts.join(' · ')}</span>;
}

function useImportLabels() {
  const { t } = useTranslation();
  return {
    summaryLabels: { lines: t('stockcheck:import.counted'), notOnSheet: t('stockcheck:import.added'), stockChecks: t('stockcheck:import.checks') },
    fieldLabels: { warehouse: t('stockcheck:fields.warehouse'), locationCode: t('stockcheck:fields.locationCode'), skuCode: t('stockcheck:fields.skuCode'), countedQty: t('stockcheck:fields.countedQty') },
  };
}

function CheckDrawer({ id, tab, onTab, onClose }: { id: number; tab: string; onTab: (tab: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: check, isLoading, error } = useStockCheck(id || null);
  const [importing, setImporting] = useState(false);
  const [addingFound, setAddingFound] = useState(false);
  // A refused confirmation names a line and what to do: shown in a dialog, not a passing toast.
  const confirm = useStockCheckMutation(stockCheckApi.confirm, { toastErrors: false });
  const cancel = useStockCheckMutation(stockCheckApi.cancel);
  const labels = useImportLabels();

  const askConfirm = async (current: StockCheckDetail) => {
    let totals;
    try {
      totals = (await stockCheckApi.differences({ id: current.id, pageSize: 1 })).totals;
    } catch (e) {
      toast.error(stockCheckErrorMessage(e));
      return;
    }
    Modal.confirm({
      title: t('stockcheck:confirm.title', { code: current.code }),
      width: 520,
      content: (
        <Space direction="vertical">
          {totals.gainLines > 0 && <span>{t('stockcheck:confirm.gains', { qty: totals.gainQty, count: totals.gainLines })}</span>}
          {totals.lossLines > 0 && <span>{t('stockcheck:confirm.losses', { qty: totals.lossQty, count: totals.lossLines })}</span>}
          {totals.gainLines === 0 && totals.lossLines === 0 && <span>{t('stockcheck:confirm.noDifferences', { count: totals.countedLines })}</span>}
          {totals.uncountedLines > 0 && <span>{t('stockcheck:confirm.uncounted', { count: totals.uncountedLines })}</span>}
          {totals.movedLines > 0 && <Typography.Text type="warning">{t('stockcheck:confirm.moved', { count: totals.movedLines })}</Typography.Text>}
          <Typography.Text type="secondary">{t('stockcheck:confirm.final')}</Typography.Text>
        </Space>
      ),
      okText: t('stockcheck:actions.confirm'),
      cancelText: t('common:actions.cancel'),
      onOk: () =>
        new Promise<void>((resolve) =>
          confirm.mutate(
            { id: current.id, version: current.version },
            {
              onSuccess: () => {
                toast.success(t('stockcheck:confirm.done', { code: current.code }));
                onTab('differences');
              },
              onError: (e) => Modal.error({ title: t('stockcheck:confirm.refused', { code: current.code }), content: stockCheckErrorMessage(e), okText: t('common:actions.ok') }),
              onSettled: () => resolve(),
            },
          ),
        ),
    });
  };

  return (
    <Drawer open={!!id} onClose={onClose} width="min(1200px, 100vw)" title={check ? t('stockcheck:detail.title', { code: check.code }) : t('stockcheck:detail.loading')} destroyOnHidden>
      {isLoading && <Skeleton active />}
      {error && <Alert type="error" showIcon message={stockCheckErrorMessage(error)} />}
      {check && (
        <>
          <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
            <Space>
              <CheckStatusTag status={check.status} />
              <Typography.Text type="secondary">{t('stockcheck:detail.progress', { counted: check.countedLines, total: check.lineCount })}</Typography.Text>
            </Space>
            {check.status === 'COUNTING' && (
              <Space>
                <Popconfirm
                  title={t('stockcheck:cancel.title', { code: check.code })}
                  description={t('stockcheck:cancel.body')}
                  okText={t('stockcheck:actions.cancelCheck')}
                  cancelText={t('common:actions.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => cancel.mutate({ id: check.id, version: check.version }, { onSuccess: () => toast.success(t('stockcheck:cancel.done', { code: check.code })) })}
                >
                  <Button danger loading={cancel.isPending}>
                    {t('stockcheck:actions.cancelCheck')}
                  </Button>
                </Popconfirm>
                <Button type="primary" loading={confirm.isPending} onClick={() => void askConfirm(check)}>
                  {t('stockcheck:actions.confirm')}
                </Button>
              </Space>
            )}
          </Space>
          <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('stockcheck:fields.code')}>
              <Typography.Text copyable>{check.code}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('stockcheck:fields.warehouse')}>{check.warehouseName}</Descriptions.Item>
            <Descriptions.Item label={t('stockcheck:fields.scope')}>
              <ScopeText check={check} />
              {check.scopeSkus.length > 0 && (
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, expandable: true, symbol: t('stockcheck:detail.more') }} style={{ margin: 0 }}>
                  {check.scopeSkus.map((s) => s.code).join(', ')}
                </Typography.Paragraph>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('stockcheck:fields.createdBy')}>
              {check.createdBy ?? '-'} · <DateTime value={check.createdAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t(check.status === 'CANCELLED' ? 'stockcheck:fields.cancelledAt' : 'stockcheck:fields.confirmedAt')}>
              {check.status === 'CONFIRMED' ? (
                <>
                  {check.confirmedBy ?? '-'} · <DateTime value={check.confirmedAt} />
                </>
              ) : (
                <DateTime value={check.cancelledAt} />
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('stockcheck:fields.remark')}>{check.remark ?? '-'}</Descriptions.Item>
          </Descriptions>
          <Tabs
            activeKey={tab}
            onChange={onTab}
            items={[
              { key: 'count', label: t('stockcheck:detail.countTab'), children: <CountTable check={check} onImport={() => setImporting(true)} onAddFound={() => setAddingFound(true)} /> },
              { key: 'differences', label: t('stockcheck:detail.differencesTab', { count: check.differentLines }), children: <DifferencesView check={check} /> },
            ]}
          />
          <ImportModal
            open={importing}
            kind="STOCK_CHECK"
            title={t('stockcheck:import.title')}
            onClose={() => setImporting(false)}
            onDone={() => void client.invalidateQueries({ queryKey: stockCheckKeys.all })}
            {...labels}
          />
          <AddFoundModal check={check} open={addingFound} onClose={() => setAddingFound(false)} />
        </>
      )}
    </Drawer>
  );
}

export default function StockCheckPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [state, setState] = useListState(DEFAULTS);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const labels = useImportLabels();
  const { data, isFetching, error } = useStockCheckList({
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    warehouseId: state.warehouseId,
    ...(state.status ? { status: state.status as StockCheckStatus } : {}),
    ...(state.code ? { code: state.code } : {}),
  });
  const cancel = useStockCheckMutation(stockCheckApi.cancel);

  const { columns, settingsButton } = useColumnSettings<StockCheckRow>('stockcheck.list', [
    {
      key: 'code',
      title: t('stockcheck:fields.code'),
      dataIndex: 'code',
      width: 170,
      render: (code: string, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setState({ open: r.id, tab: 'count' })}>
          {code}
        </Button>
      ),
    },
    { key: 'warehouse', title: t('stockcheck:fields.warehouse'), dataIndex: 'warehouseName', width: 170 },
    { key: 'scope', title: t('stockcheck:fields.scope'), width: 200, render: (_, r) => <ScopeText check={r} /> },
    { key: 'status', title: t('stockcheck:fields.status'), dataIndex: 'status', width: 100, render: (s: StockCheckStatus) => <CheckStatusTag status={s} /> },
    { key: 'progress', title: t('stockcheck:fields.progress'), width: 120, render: (_, r) => `${r.countedLines} / ${r.lineCount}` },
    {
      key: 'differences',
      title: t('stockcheck:fields.differences'),
      width: 150,
      render: (_, r) =>
        r.differentLines ? (
          <Space size={8}>
            <SignedQty value={r.gainQty} />
            <SignedQty value={-r.lossQty} />
          </Space>
        ) : (
          '-'
        ),
    },
    { key: 'createdBy', title: t('stockcheck:fields.createdBy'), dataIndex: 'createdBy', width: 120, render: (v: string | null) => v ?? '-' },
    { key: 'createdAt', title: t('stockcheck:fields.createdAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => <DateTime value={v} /> },
    { key: 'confirmedAt', title: t('stockcheck:fields.confirmedAt'), dataIndex: 'confirmedAt', width: 170, render: (v: string | null) => <DateTime value={v} /> },
    { key: 'remark', title: t('stockcheck:fields.remark'), dataIndex: 'remark', width: 160, ellipsis: true, render: (v: string | null) => v ?? '-' },
    {
      key: 'actions',
      title: t('common:actions.title'),
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setState({ open: r.id, tab: r.status === 'COUNTING' ? 'count' : 'differences' })}>
            {r.status === 'COUNTING' ? t('stockcheck:actions.count') : t('stockcheck:actions.view')}
          </Button>
          {r.status === 'COUNTING' && (
            <Popconfirm
              title={t('stockcheck:cancel.title', { code: r.code })}
              description={t('stockcheck:cancel.body')}
              okText={t('stockcheck:actions.cancelCheck')}
              cancelText={t('common:actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => cancel.mutate({ id: r.id, version: r.version }, { onSuccess: () => toast.success(t('stockcheck:cancel.done', { code: r.code })) })}
            >
              <Button type="link" size="small" danger>
                {t('stockcheck:actions.cancelCheck')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ]);

  return (
    <>
      <PageTitle
        title={t('nav:routes.stockCheck')}
        extra={
          <Space>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('stockcheck:import.button')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('stockcheck:create.button')}
            </Button>
          </Space>
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <WarehouseSelect
              allowAll
              includeStopped
              value={state.warehouseId}
              onChange={(id) => setState({ warehouseId: id ?? ALL_WAREHOUSES_ID, currentPage: 1 })}
              aria-label={t('stockcheck:fields.warehouse')}
              style={{ width: 220 }}
            />
            <Select
              allowClear
              value={state.status || undefined}
              placeholder={t('stockcheck:list.allStatuses')}
              aria-label={t('stockcheck:fields.status')}
              style={{ width: 150 }}
              onChange={(status?: string) => setState({ status: status ?? '', currentPage: 1 })}
              options={STOCK_CHECK_STATUSES.map((s) => ({ value: s, label: t(`stockcheck:status.${s}`) }))}
            />
            <Input.Search
              allowClear
              defaultValue={state.code}
              placeholder={t('stockcheck:list.codePlaceholder')}
              aria-label={t('stockcheck:list.codePlaceholder')}
              onSearch={(code) => setState({ code: code.trim(), currentPage: 1 })}
              style={{ width: 240 }}
            />
          </Space>
          {settingsButton}
        </Space>
        {error && <Alert type="error" showIcon message={stockCheckErrorMessage(error)} style={{ marginBottom: 12 }} />}
        <Table<StockCheckRow>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.voList ?? []}
          columns={columns}
          scroll={{ x: 1300 }}
          locale={{ emptyText: t('stockcheck:list.empty') }}
          pagination={tablePagination(state.currentPage, state.pageSize, data?.total ?? 0, (currentPage, pageSize) =>
            setState({ currentPage: pageSize !== state.pageSize ? 1 : currentPage, pageSize }),
          )}
        />
      </Card>
      <CreateCheckModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(check) => {
          setCreating(false);
          toast.success(t('stockcheck:create.done', { code: check.code, count: check.lineCount }));
          setState({ open: check.id, tab: 'count', currentPage: 1 });
        }}
      />
      <ImportModal
        open={importing}
        kind="STOCK_CHECK"
        title={t('stockcheck:import.title')}
        onClose={() => setImporting(false)}
        onDone={() => void client.invalidateQueries({ queryKey: stockCheckKeys.all })}
        {...labels}
      />
      {state.open > 0 && <CheckDrawer id={state.open} tab={state.tab} onTab={(tab) => setState({ tab })} onClose={() => setState({ open: 0, tab: 'count' })} />}
    </>
  );
}
