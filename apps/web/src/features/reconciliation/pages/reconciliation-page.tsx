// /finance/reconciliation (MENU_RECONCILIATION): every platform order reconciled against the
// platform's bill lines, the difference split by kind. The number to chase — the unexplained
// residual of what the filters select, and how many orders carry it — is the page's headline.
// Filters live in the URL; a manual success takes a reason and can be undone.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Checkbox, Empty, Form, Input, Modal, Select, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, RECONCILIATION_STATUSES, type ReconciliationRow, type ReconciliationStatus } from '@openseller/core';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { useListState } from '../../../ui/use-list-state';
import { useStoreOptions } from '../../stores/queries';
import { reconciliationApi } from '../api';
import { useReconciliationMutation, useReconciliations } from '../queries';

const DEFAULTS = { currentPage: 1, pageSize: 20, storeId: 0, status: '', period: '', orderNo: '', unexplainedOnly: '' };
const STATUS_COLOURS: Record<ReconciliationStatus, string> = { TODO: 'default', SUCCESS: 'green', FAILURE: 'red', MISSING_ORDER: 'orange', PARTIAL: 'gold', MANUAL_SUCCESS: 'cyan' };
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

export function ReconciliationStatusTag({ status }: { status: ReconciliationStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`reconciliation:statuses.${status}`)}</Tag>;
}

/** The kinds of the difference that have their own (hidden by default) columns. */
const KIND_COLUMNS = ['commission', 'serviceFee', 'subsidy', 'lateRefund', 'freight', 'pendingRefund'] as const;

/** The explained parts of a row's difference that are not zero, one a line. */
function Parts({ row }: { row: ReconciliationRow }) {
  const { t } = useTranslation();
  const parts = KIND_COLUMNS.filter((k) => Number(row[k]) !== 0);
  if (!parts.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      {parts.map((k) => (
        <Typography.Text key={k} style={{ whiteSpace: 'nowrap' }}>
          {t(`reconciliation:kinds.${k}`)} <Typography.Text type={Number(row[k]) < 0 ? 'danger' : undefined}>{formatMoney(row[k])}</Typography.Text>
        </Typography.Text>
      ))}
    </Space>
  );
}

/** A part of the difference: blank when zero, red when money is missing. */
const Part = ({ value }: { value: string }) => (Number(value) === 0 ? <Typography.Text type="secondary">—</Typography.Text> : <Typography.Text type={Number(value) < 0 ? 'danger' : undefined}>{formatMoney(value)}</Typography.Text>);

export default function ReconciliationPage() {
  const { t } = useTranslation();
  const [state, setState] = useListState(DEFAULTS);
  const stores = useStoreOptions();
  const status = (RECONCILIATION_STATUSES as readonly string[]).includes(state.status) ? (state.status as ReconciliationStatus) : undefined;
  const filter = {
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.storeId ? { storeId: state.storeId } : {}),
    ...(status ? { status } : {}),
    ...(PERIOD.test(state.period) ? { period: state.period } : {}),
    ...(state.orderNo ? { orderNo: state.orderNo } : {}),
    ...(state.unexplainedOnly === '1' ? { unexplainedOnly: true } : {}),
  };
  const list = useReconciliations(filter);
  const reconcile = useReconciliationMutation((storeId: number | null) => reconciliationApi.reconcile(storeId));
  const cancelManual = useReconciliationMutation(reconciliationApi.cancelManual);
  const [manualFor, setManualFor] = useState<ReconciliationRow | null>(null);
  const summary = list.data?.summary;

  const columns: ColumnsType<ReconciliationRow> = [
    { key: 'orderNo', title: t('reconciliation:fields.orderNo'), dataIndex: 'orderNo', width: 180, render: (v: string, r) => (
      <Space orientation="vertical" size={0}>
        <Typography.Text copyable>{v}</Typography.Text>
        {r.erpOrderCode && <Typography.Text type="secondary">{r.erpOrderCode}</Typography.Text>}
      </Space>
    ) },
    { key: 'storeName', title: t('reconciliation:fields.store'), dataIndex: 'storeName', width: 120, ellipsis: true },
    { key: 'period', title: t('reconciliation:fields.period'), dataIndex: 'period', width: 80 },
    { key: 'status', title: t('reconciliation:fields.status'), dataIndex: 'status', width: 120, render: (s: ReconciliationStatus, r) => (
      <Space orientation="vertical" size={0}>
        <ReconciliationStatusTag status={s} />
        {r.reopenedAt && s !== 'SUCCESS' && <Typography.Text type="warning">{t('reconciliation:reopened')}</Typography.Text>}
        {r.manualReason && s === 'MANUAL_SUCCESS' && <Tooltip title={`${r.manualByName ?? ''} ${r.manualAt ? formatDateTime(r.manualAt) : ''}`}><Typography.Text type="secondary" ellipsis style={{ maxWidth: 110 }}>{r.manualReason}</Typography.Text></Tooltip>}
      </Space>
    ) },
    { key: 'expectedAmount', title: t('reconciliation:fields.expected'), dataIndex: 'expectedAmount', align: 'right', width: 100, render: (v: string) => formatMoney(v) },
    { key: 'receivedAmount', title: t('reconciliation:fields.received'), dataIndex: 'receivedAmount', align: 'right', width: 100, render: (v: string) => formatMoney(v) },
    { key: 'differenceAmount', title: t('reconciliation:fields.difference'), dataIndex: 'differenceAmount', align: 'right', width: 100, render: (v: string) => <Part value={v} /> },
    // The explained parts in one column (only those that are not zero), so the list fits a
    // 1440 px screen; each kind can also be shown as its own column from the column settings.
    { key: 'parts', title: t('reconciliation:fields.parts'), width: 190, render: (_, r) => <Parts row={r} /> },
    ...KIND_COLUMNS.map((k) => ({ key: k, title: t(`reconciliation:kinds.${k}`), dataIndex: k, align: 'right' as const, width: 100, render: (v: string) => <Part value={v} /> })),
    { key: 'unknown', title: t('reconciliation:kinds.unknown'), dataIndex: 'unknown', align: 'right', width: 100, render: (v: string, r) => (r.status === 'TODO' ? <Part value="0" /> : <Typography.Text strong type={Number(v) !== 0 ? 'danger' : undefined}>{formatMoney(v)}</Typography.Text>) },
    {
      key: 'actions',
      title: t('reconciliation:fields.actions'),
      width: 150,
      render: (_, r) =>
        r.status === 'MANUAL_SUCCESS' ? (
          <Button size="small" onClick={() => cancelManual.mutate({ id: r.id, version: r.version }, { onSuccess: () => toast.success(t('reconciliation:manual.undone')) })}>
            {t('reconciliation:manual.undo')}
          </Button>
        ) : r.status !== 'SUCCESS' ? (
          <Button size="small" onClick={() => setManualFor(r)}>
            {t('reconciliation:manual.action')}
          </Button>
        ) : null,
    },
  ];

  const { columns: visibleColumns, settingsButton } = useColumnSettings('reconciliations', columns, [...KIND_COLUMNS]);

  return (
    <>
      <PageTitle
        title={t('nav:routes.reconciliation')}
        extra={
          <Space>
            {settingsButton}
            <Link to="/finance/reconciliation/platform-bill">{t('nav:routes.platformBill')}</Link>
            <Button type="primary" loading={reconcile.isPending} onClick={() => reconcile.mutate(state.storeId || null, { onSuccess: (a) => toast.success(t('reconciliation:reconciled', { count: a.orders })) })}>
              {t('reconciliation:reconcileNow')}
            </Button>
          </Space>
        }
      />
      <Space wrap align="start" style={{ marginBottom: 16 }}>
        <Card size="small" data-testid="unexplained">
          <Statistic title={t('reconciliation:unexplained.amount')} value={summary ? formatMoney(summary.unexplainedAmount) : '—'} styles={{ content: { color: summary && Number(summary.unexplainedAmount) !== 0 ? '#cf1322' : undefined } }} />
        </Card>
        <Card size="small">
          <Statistic title={t('reconciliation:unexplained.count')} value={summary?.unexplainedCount ?? '—'} />
        </Card>
        {RECONCILIATION_STATUSES.map((s) => (
          <Card size="small" key={s} hoverable onClick={() => setState({ currentPage: 1, status: state.status === s ? '' : s })} style={{ borderColor: state.status === s ? '#1677ff' : undefined }}>
            <Statistic title={t(`reconciliation:statuses.${s}`)} value={summary?.statusCounts[s] ?? 0} />
          </Card>
        ))}
      </Space>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          placeholder={t('reconciliation:filters.anyStore')}
          value={state.storeId || undefined}
          onChange={(v?: number) => setState({ currentPage: 1, storeId: v ?? 0 })}
          options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
        <Select allowClear style={{ width: 150 }} placeholder={t('reconciliation:fields.status')} value={status} onChange={(v?: string) => setState({ currentPage: 1, status: v ?? '' })} options={RECONCILIATION_STATUSES.map((s) => ({ value: s, label: t(`reconciliation:statuses.${s}`) }))} />
        <Input.Search allowClear style={{ width: 150 }} placeholder={t('reconciliation:filters.period')} defaultValue={state.period} onSearch={(v) => setState({ currentPage: 1, period: v.trim() })} status={state.period && !PERIOD.test(state.period) ? 'error' : undefined} />
        <Input.Search allowClear style={{ width: 220 }} placeholder={t('reconciliation:filters.orderNo')} defaultValue={state.orderNo} onSearch={(v) => setState({ currentPage: 1, orderNo: v.trim() })} />
        <Checkbox checked={state.unexplainedOnly === '1'} onChange={(e) => setState({ currentPage: 1, unexplainedOnly: e.target.checked ? '1' : '' })}>
          {t('reconciliation:filters.unexplainedOnly')}
        </Checkbox>
      </Space>
      {list.isError && <Alert type="error" showIcon title={t('reconciliation:loadFailed')} style={{ marginBottom: 12 }} />}
      <Table
        rowKey="id"
        size="small"
        loading={list.isFetching}
        columns={visibleColumns}
        dataSource={list.data?.voList ?? []}
        pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (p, size) => setState({ currentPage: size !== state.pageSize ? 1 : p, pageSize: size }))}
        locale={{
          emptyText: (
            <Empty description={t('reconciliation:empty')}>
              <Link to="/finance/reconciliation/platform-bill">{t('reconciliation:goToBills')}</Link>
            </Empty>
          ),
        }}
      />
      <ManualSuccessModal row={manualFor} onClose={() => setManualFor(null)} />
    </>
  );
}

function ManualSuccessModal({ row, onClose }: { row: ReconciliationRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const manual = useReconciliationMutation(reconciliationApi.manualSuccess);
  return (
    <Modal
      open={row !== null}
      title={t('reconciliation:manual.title', { orderNo: row?.orderNo ?? '' })}
      okText={t('reconciliation:manual.confirm')}
      confirmLoading={manual.isPending}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        const { reason } = await form.validateFields();
        manual.mutate({ id: row!.id, version: row!.version, reason }, { onSuccess: () => { toast.success(t('reconciliation:manual.done')); form.resetFields(); onClose(); } });
      }}
    >
      {row && <Typography.Paragraph>{t('reconciliation:manual.explain', { unknown: formatMoney(row.unknown) })}</Typography.Paragraph>}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={t('reconciliation:manual.reason')} rules={[{ required: true, whitespace: true, message: t('reconciliation:manual.reasonRequired') }, { max: 200 }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
