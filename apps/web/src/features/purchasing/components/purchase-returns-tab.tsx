// The purchase returns of /purchase (tab "returns"): filters kept in the URL (codes, supplier,
// warehouse, state), counts per state, each return's commands (the core rule's actions for its
// state), batch verify and reject with an answer per return, and the detail drawer.
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Empty, Form, Input, Modal, Segmented, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_KEYWORD_CAP, formatDateTime, formatMoney, PURCHASE_RETURN_STATUSES, splitKeywords, type PurchaseReturnBatchAnswer, type PurchaseReturnRow, type PurchaseReturnStatus } from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { useListState } from '../../../ui/use-list-state';
import { useSupplierOptions } from '../../suppliers/queries';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { useSeesPurchasePrice } from '../queries';
import { purchaseReturnApi } from '../return-api';
import { purchaseReturnErrorMessage, usePurchaseReturnExtra, usePurchaseReturnList, usePurchaseReturnMutation } from '../return-queries';
import { PurchaseReturnCommands } from './return-commands';
import { PurchaseReturnDrawer } from './return-drawer';
import { PurchaseReturnStatusTag } from './return-tags';

const DEFAULTS = { tab: 'returns', currentPage: 1, pageSize: 10, codeKeywords: '', status: '', whId: -1, supplierId: 0, open: 0 };

interface FilterValues {
  codeKeywords?: string;
  whId?: number;
  supplierId?: number;
}

export function PurchaseReturnsTab() {
  const { t } = useTranslation();
  const seesPrice = useSeesPurchasePrice();
  const [state, setState] = useListState(DEFAULTS);
  const [form] = Form.useForm<FilterValues>();
  const [selected, setSelected] = useState<PurchaseReturnRow[]>([]);
  const suppliers = useSupplierOptions(true);
  const batchVerify = usePurchaseReturnMutation(purchaseReturnApi.batchVerify);
  const batchReject = usePurchaseReturnMutation(purchaseReturnApi.batchReject);

  const status = (PURCHASE_RETURN_STATUSES as readonly string[]).includes(state.status) ? (state.status as PurchaseReturnStatus) : undefined;
  const others = useMemo(
    () => ({
      ...(state.codeKeywords ? { codeKeywords: state.codeKeywords } : {}),
      whId: state.whId,
      ...(state.supplierId ? { supplierId: state.supplierId } : {}),
    }),
    [state.codeKeywords, state.whId, state.supplierId],
  );
  const filter = useMemo(() => ({ currentPage: state.currentPage, pageSize: state.pageSize, ...others, ...(status ? { status } : {}) }), [state.currentPage, state.pageSize, others, status]);
  const list = usePurchaseReturnList(filter);
  const extra = usePurchaseReturnExtra(others);
  const filtered = !!(state.codeKeywords || status || state.whId !== -1 || state.supplierId);

  const search = (values: FilterValues) => {
    const { items } = splitKeywords(values.codeKeywords ?? '', DEFAULT_KEYWORD_CAP);
    setState({ currentPage: 1, codeKeywords: items.join(','), whId: values.whId ?? -1, supplierId: values.supplierId ?? 0 });
  };
  const reset = () => {
    form.setFieldsValue({ codeKeywords: '', whId: -1, supplierId: undefined });
    setState({ ...DEFAULTS, pageSize: state.pageSize });
  };

  const report = (answer: PurchaseReturnBatchAnswer, action: 'verify' | 'reject') => {
    setSelected([]);
    if (!answer.failed.length) return toast.success(t(`purchasereturn:batch.done.${action}`, { count: answer.succeeded.length }));
    Modal.warning({
      title: t('purchasereturn:batch.partly', { ok: answer.succeeded.length, failed: answer.failed.length }),
      content: (
        <ul style={{ paddingLeft: 16 }}>
          {answer.failed.map((f) => (
            <li key={f.id}>{`${f.code ?? f.id}: ${f.message}`}</li>
          ))}
        </ul>
      ),
    });
  };
  const items = selected.map((r) => ({ id: r.id, version: r.version }));
  const runBatch = (action: 'verify' | 'reject') =>
    Modal.confirm({
      title: t(`purchasereturn:batch.confirm.${action}`, { count: items.length }),
      okText: t('common:actions.ok'),
      cancelText: t('common:actions.cancel'),
      onOk: async () => report(await (action === 'verify' ? batchVerify : batchReject).mutateAsync({ items }), action),
    });

  const columns: ColumnsType<PurchaseReturnRow> = [
    { title: t('purchasereturn:fields.code'), key: 'code', width: 170, fixed: 'left', render: (_, r) => <Typography.Link onClick={() => setState({ open: r.id })}>{r.code}</Typography.Link> },
    { title: t('purchasereturn:fields.status'), key: 'status', width: 100, render: (_, r) => <PurchaseReturnStatusTag status={r.status} /> },
    { title: t('purchasereturn:fields.supplier'), key: 'supplier', width: 160, render: (_, r) => `${r.supplierName} (${r.supplierCode})` },
    { title: t('purchasereturn:fields.warehouse'), dataIndex: 'warehouseName', width: 140 },
    { title: t('purchasereturn:fields.purchaseCodes'), key: 'purchaseCodes', width: 170, render: (_, r) => r.purchaseCodes.join(', ') },
    { title: t('purchasereturn:fields.delivered'), key: 'delivered', width: 100, align: 'right', render: (_, r) => `${r.deliveredQtyTotal} / ${r.qtyTotal}` },
    { title: t('purchasereturn:fields.costRule'), key: 'costRule', width: 120, render: (_, r) => t(`purchasereturn:costRules.${r.costRule}`) },
    ...(seesPrice ? [{ title: t('purchasereturn:fields.amountTotal'), key: 'amountTotal', width: 110, align: 'right' as const, render: (_: unknown, r: PurchaseReturnRow) => (r.amountTotal ? formatMoney(r.amountTotal) : '-') }] : []),
    { title: t('purchasereturn:fields.wdo'), key: 'wdo', width: 170, render: (_, r) => (r.wdoCode ? <Link to={`/stocks?activeKey=3&open=${r.wdoId}`}>{r.wdoCode}</Link> : '-') },
    { title: t('purchasereturn:fields.createdAt'), key: 'createdAt', width: 150, render: (_, r) => formatDateTime(r.createdAt) },
    { title: t('common:actions.title'), key: 'actions', width: 240, fixed: 'right', render: (_, r) => <PurchaseReturnCommands row={r} onView={(row) => setState({ open: row.id })} /> },
  ];
  const counts = new Map((extra.data?.statusCounts ?? []).map((s) => [s.status, s.count]));
  const total = [...counts.values()].reduce((a, b) => a + b, 0);

  return (
    <>
      <PageTitle title={t('purchasereturn:title')} />
      <Card size="small" style={{ marginBottom: 12 }}>
        <Form form={form} layout="inline" style={{ rowGap: 8 }} initialValues={{ codeKeywords: state.codeKeywords, whId: state.whId, supplierId: state.supplierId || undefined }} onFinish={search}>
          <Form.Item name="codeKeywords" label={t('purchasereturn:filters.codes')}>
            <Input allowClear style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="supplierId" label={t('purchasereturn:fields.supplier')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 180 }} placeholder={t('purchasereturn:filters.any')} options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))} />
          </Form.Item>
          <Form.Item name="whId" label={t('purchasereturn:fields.warehouse')}>
            <WarehouseSelect allowAll includeStopped />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('common:actions.search')}
            </Button>
            <Button onClick={reset}>{t('common:actions.reset')}</Button>
          </Space>
        </Form>
      </Card>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Segmented
          value={status ?? ''}
          onChange={(value) => setState({ currentPage: 1, status: String(value) })}
          options={[{ value: '', label: `${t('purchasereturn:filters.allStatuses')} (${total})` }, ...PURCHASE_RETURN_STATUSES.map((s) => ({ value: s, label: `${t(`purchasereturn:statuses.${s}`)} (${counts.get(s) ?? 0})` }))]}
        />
        <Space wrap>
          <Button disabled={!items.length} loading={batchVerify.isPending} onClick={() => runBatch('verify')}>
            {t('purchasereturn:batch.verify')}
          </Button>
          <Button disabled={!items.length} loading={batchReject.isPending} onClick={() => runBatch('reject')}>
            {t('purchasereturn:batch.reject')}
          </Button>
          <Link to="/purchase/create-purchase-return">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('purchasereturn:list.create')}
            </Button>
          </Link>
        </Space>
      </Space>
      {list.error && <Alert type="error" showIcon message={purchaseReturnErrorMessage(list.error)} style={{ marginBottom: 12 }} />}
      <Table<PurchaseReturnRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.voList ?? []}
        columns={columns}
        scroll={{ x: 1700 }}
        rowSelection={{ selectedRowKeys: selected.map((r) => r.id), onChange: (_, rows) => setSelected(rows) }}
        locale={{ emptyText: <Empty description={filtered ? t('purchasereturn:list.noMatch') : t('purchasereturn:list.empty')} /> }}
        pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
      />
      <PurchaseReturnDrawer id={state.open || null} onClose={() => setState({ open: 0 })} />
    </>
  );
}
