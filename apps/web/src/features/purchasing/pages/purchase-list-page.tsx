// /purchase (MENU_PURCHASE): purchase orders with their filters kept in the URL (codes, state,
// receipt state, supplier, warehouse, created time), counts per state, each order's commands (the
// core rule's actions for its state) and its detail with the receipts.
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, DatePicker, Empty, Form, Input, Segmented, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DEFAULT_KEYWORD_CAP,
  formatDateTime,
  formatMoney,
  PURCHASE_ORDER_STATUSES,
  PURCHASE_RECEIVE_STATUSES,
  PURCHASE_SETTLE_STATUSES,
  splitKeywords,
  type PurchaseOrderStatus,
  type PurchaseReceiveStatus,
  type PurchaseRow,
  type PurchaseSettleStatus,
} from '@openseller/core';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { useListState } from '../../../ui/use-list-state';
import { announceNewExport } from '../../exports/export-events';
import { useSupplierOptions } from '../../suppliers/queries';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { purchaseApi } from '../api';
import { PurchaseCommands } from '../components/purchase-commands';
import { PurchaseDrawer } from '../components/purchase-drawer';
import { PurchaseStatusTag, ReceiveStatusTag, SettleStatusTag } from '../components/purchase-tags';
import { purchaseErrorMessage, usePurchaseExtra, usePurchaseList, useSeesPurchasePrice } from '../queries';

const DEFAULTS = { currentPage: 1, pageSize: 10, codeKeywords: '', status: '', receiveStatus: '', settleStatus: '', whId: -1, supplierId: 0, startTime: '', endTime: '' };
const RANGE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface FilterValues {
  codeKeywords?: string;
  receiveStatus?: PurchaseReceiveStatus;
  settleStatus?: PurchaseSettleStatus;
  whId?: number;
  supplierId?: number;
  range?: [Dayjs, Dayjs] | null;
}

export default function PurchaseListPage() {
  const { t } = useTranslation();
  const seesPrice = useSeesPurchasePrice();
  const [state, setState] = useListState(DEFAULTS);
  const [form] = Form.useForm<FilterValues>();
  const [viewing, setViewing] = useState<number | null>(null);
  const suppliers = useSupplierOptions(true);

  const status = (PURCHASE_ORDER_STATUSES as readonly string[]).includes(state.status) ? (state.status as PurchaseOrderStatus) : undefined;
  const receiveStatus = (PURCHASE_RECEIVE_STATUSES as readonly string[]).includes(state.receiveStatus) ? (state.receiveStatus as PurchaseReceiveStatus) : undefined;
  const settleStatus = (PURCHASE_SETTLE_STATUSES as readonly string[]).includes(state.settleStatus) ? (state.settleStatus as PurchaseSettleStatus) : undefined;
  const others = useMemo(
    () => ({
      ...(state.codeKeywords ? { codeKeywords: state.codeKeywords } : {}),
      ...(receiveStatus ? { receiveStatus } : {}),
      ...(settleStatus ? { settleStatus } : {}),
      whId: state.whId,
      ...(state.supplierId ? { supplierId: state.supplierId } : {}),
      ...(state.startTime ? { startTime: state.startTime } : {}),
      ...(state.endTime ? { endTime: state.endTime } : {}),
    }),
    [state, receiveStatus, settleStatus],
  );
  const filter = useMemo(() => ({ currentPage: state.currentPage, pageSize: state.pageSize, ...others, ...(status ? { status } : {}) }), [state.currentPage, state.pageSize, others, status]);
  const list = usePurchaseList(filter);
  const extra = usePurchaseExtra(others);
  const filtered = !!(state.codeKeywords || status || receiveStatus || settleStatus || state.whId !== -1 || state.supplierId || state.startTime);

  const search = (values: FilterValues) => {
    const { items, overCap } = splitKeywords(values.codeKeywords ?? '', DEFAULT_KEYWORD_CAP);
    if (overCap) toast.warning(t('purchase:filters.overCap', { cap: DEFAULT_KEYWORD_CAP }));
    form.setFieldsValue({ codeKeywords: items.join(',') });
    setState({
      currentPage: 1,
      codeKeywords: items.join(','),
      receiveStatus: values.receiveStatus ?? '',
      settleStatus: values.settleStatus ?? '',
      whId: values.whId ?? -1,
      supplierId: values.supplierId ?? 0,
      startTime: values.range ? values.range[0].startOf('day').format(RANGE_FORMAT) : '',
      endTime: values.range ? values.range[1].endOf('day').format(RANGE_FORMAT) : '',
    });
  };
  const reset = () => {
    form.setFieldsValue({ codeKeywords: '', receiveStatus: undefined, settleStatus: undefined, whId: -1, supplierId: undefined, range: null });
    setState({ ...DEFAULTS, pageSize: state.pageSize });
  };

  async function exportList() {
    try {
      await purchaseApi.exportList({ ...others, ...(status ? { status } : {}) });
      announceNewExport();
      toast.success(t('purchase:export.started'));
    } catch (error) {
      toast.error(purchaseErrorMessage(error));
    }
  }

  const columns: ColumnsType<PurchaseRow> = [
    { title: t('purchase:fields.code'), key: 'code', width: 170, fixed: 'left', render: (_, r) => <Typography.Link onClick={() => setViewing(r.id)}>{r.code}</Typography.Link> },
    { title: t('purchase:fields.status'), key: 'status', width: 100, render: (_, r) => <PurchaseStatusTag status={r.status} /> },
    { title: t('purchase:fields.receiveStatus'), key: 'receiveStatus', width: 110, render: (_, r) => <ReceiveStatusTag status={r.receiveStatus} /> },
    { title: t('purchase:fields.settleStatus'), key: 'settleStatus', width: 110, render: (_, r) => <SettleStatusTag status={r.settleStatus} /> },
    { title: t('purchase:fields.supplier'), key: 'supplier', width: 160, render: (_, r) => `${r.supplierName} (${r.supplierCode})` },
    { title: t('purchase:fields.warehouse'), key: 'warehouse', dataIndex: 'warehouseName', width: 150 },
    { title: t('purchase:fields.received'), key: 'received', width: 110, align: 'right', render: (_, r) => `${r.receivedQtyTotal} / ${r.qtyTotal}` },
    { title: t('purchase:fields.skuTotal'), key: 'skuTotal', dataIndex: 'skuTotal', width: 80, align: 'right' },
    ...(seesPrice ? [{ title: t('purchase:fields.amountTotal'), key: 'amountTotal', width: 120, align: 'right' as const, render: (_: unknown, r: PurchaseRow) => (r.amountTotal ? formatMoney(r.amountTotal) : '-') }] : []),
    { title: t('purchase:fields.asn'), key: 'asn', width: 170, render: (_, r) => (r.asnCode ? <Link to={`/stocks?activeKey=2&codeKeywords=${encodeURIComponent(r.asnCode)}`}>{r.asnCode}</Link> : '-') },
    { title: t('purchase:fields.expectedTime'), key: 'expectedTime', width: 150, render: (_, r) => formatDateTime(r.expectedTime) || '-' },
    { title: t('purchase:fields.createdAt'), key: 'createdAt', width: 150, render: (_, r) => formatDateTime(r.createdAt) },
    { title: t('purchase:fields.createdBy'), key: 'createdBy', width: 110, render: (_, r) => r.createdByName ?? '-' },
    { title: t('purchase:fields.remark'), key: 'remark', width: 160, ellipsis: true, render: (_, r) => r.remark ?? '' },
    { title: t('common:actions.title'), key: 'actions', width: 240, fixed: 'right', render: (_, r) => <PurchaseCommands row={r} onView={(row) => setViewing(row.id)} /> },
  ];
  const { columns: visible, settingsButton } = useColumnSettings('purchase.orders', columns, ['remark', 'createdBy']);
  const counts = new Map((extra.data?.statusCounts ?? []).map((s) => [s.status, s.count]));
  const total = [...counts.values()].reduce((a, b) => a + b, 0);

  return (
    <>
      <PageTitle title={t('nav:routes.purchase')} />
      <Card size="small" style={{ marginBottom: 12 }}>
        <Form
          form={form}
          layout="inline"
          style={{ rowGap: 8 }}
          initialValues={{
            codeKeywords: state.codeKeywords,
            receiveStatus: receiveStatus,
            settleStatus: settleStatus,
            whId: state.whId,
            supplierId: state.supplierId || undefined,
            range: state.startTime && state.endTime ? [dayjs(state.startTime), dayjs(state.endTime)] : null,
          }}
          onFinish={search}
        >
          <Form.Item name="codeKeywords" label={t('purchase:filters.codes')}>
            <Input allowClear placeholder={t('purchase:filters.codesPlaceholder')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="receiveStatus" label={t('purchase:fields.receiveStatus')}>
            <Select allowClear style={{ width: 140 }} placeholder={t('purchase:filters.any')} options={PURCHASE_RECEIVE_STATUSES.map((v) => ({ value: v, label: t(`purchase:receiveStatuses.${v}`) }))} />
          </Form.Item>
          <Form.Item name="settleStatus" label={t('purchase:fields.settleStatus')}>
            <Select
              allowClear
              style={{ width: 150 }}
              placeholder={t('purchase:filters.any')}
              options={PURCHASE_SETTLE_STATUSES.map((v) => ({ value: v, label: `${t(`purchase:settleStatuses.${v}`)} (${extra.data?.settleStatusCounts.find((c) => c.settleStatus === v)?.count ?? 0})` }))}
            />
          </Form.Item>
          <Form.Item name="supplierId" label={t('purchase:fields.supplier')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 180 }}
              placeholder={t('purchase:filters.any')}
              options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
            />
          </Form.Item>
          <Form.Item name="whId" label={t('purchase:fields.warehouse')}>
            <WarehouseSelect allowAll includeStopped />
          </Form.Item>
          <Form.Item name="range" label={t('purchase:fields.createdAt')}>
            <DatePicker.RangePicker />
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
          options={[
            { value: '', label: `${t('purchase:filters.allStatuses')} (${total})` },
            ...PURCHASE_ORDER_STATUSES.map((s) => ({ value: s, label: `${t(`purchase:statuses.${s}`)} (${counts.get(s) ?? 0})` })),
          ]}
        />
        <Space wrap>
          <Link to="/purchase/create-purchase-order">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('purchase:list.create')}
            </Button>
          </Link>
          <Link to="/purchase/replenishment">
            <Button>{t('replenish:list.open')}</Button>
          </Link>
          <Button icon={<DownloadOutlined />} onClick={() => void exportList()}>
            {t('purchase:list.export')}
          </Button>
          {settingsButton}
        </Space>
      </Space>

      {list.error && <Alert type="error" showIcon message={purchaseErrorMessage(list.error)} style={{ marginBottom: 12 }} />}
      <Table<PurchaseRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.voList ?? []}
        columns={visible}
        scroll={{ x: 1900 }}
        locale={{ emptyText: <Empty description={filtered ? t('purchase:list.noMatch') : t('purchase:list.empty')} /> }}
        pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
      />
      <PurchaseDrawer id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
