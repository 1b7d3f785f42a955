// /finance/payment-management (MENU_PAYABLE_MANAGE): three tabs kept in the URL (activeKey):
// financeBill — purchase receipt lines to record on payables; financePayable — payables with their
// states, payment state and commands; financePaid — payments and prepayments. Filters per tab.
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Empty, Input, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BILL_STATUSES,
  formatDateTime,
  formatMoney,
  PAID_STATUSES,
  PAID_TYPES,
  PAYABLE_STATUSES,
  PAYABLE_TYPES,
  PAYMENT_STATUSES,
  type BillRow,
  type BillStatus,
  type PaidStatus,
  type PaidType,
  type PayableRow,
  type PayableStatus,
  type PayableType,
  type PaymentRow,
  type PaymentStatus,
} from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { useListState } from '../../../ui/use-list-state';
import { useSupplierOptions } from '../../suppliers/queries';
import { payableApi } from '../api';
import { FinanceCommands } from '../components/finance-commands';
import { PayableDrawer, PaymentDrawer } from '../components/finance-drawers';
import { PaidStatusTag, PayableStatusTag, PaymentStatusTag } from '../components/finance-tags';
import { financeErrorMessage, useBills, useFinanceMutation, usePayables, usePayments } from '../queries';

const TABS = ['financeBill', 'financePayable', 'financePaid'] as const;
type Tab = (typeof TABS)[number];
const DEFAULTS = { activeKey: 'financeBill', currentPage: 1, pageSize: 10, supplierId: 0, code: '', billStatus: 'TO_BE_RECORD', status: '', paymentStatus: '', payableType: '', paymentType: '' };

const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined => ((list as readonly string[]).includes(value) ? (value as T) : undefined);

export default function PaymentManagementPage() {
  const { t } = useTranslation();
  const [state, setState] = useListState(DEFAULTS);
  const tab: Tab = oneOf(TABS, state.activeKey) ?? 'financeBill';
  const suppliers = useSupplierOptions(true);
  const supplierOptions = (suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }));
  const page = { currentPage: state.currentPage, pageSize: state.pageSize };
  const pagination = (total: number) => tablePagination(state.currentPage, state.pageSize, total, (p, size) => setState({ currentPage: size !== state.pageSize ? 1 : p, pageSize: size }));
  const supplierFilter = (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 200 }}
      placeholder={t('finance:filters.anySupplier')}
      value={state.supplierId || undefined}
      onChange={(v?: number) => setState({ currentPage: 1, supplierId: v ?? 0 })}
      options={supplierOptions}
    />
  );
  const select = <T extends string>(key: 'billStatus' | 'status' | 'paymentStatus' | 'payableType' | 'paymentType', list: readonly T[], labelOf: (v: T) => string, placeholder: string) => (
    <Select allowClear style={{ width: 150 }} placeholder={placeholder} value={oneOf(list, state[key])} onChange={(v?: T) => setState({ currentPage: 1, [key]: v ?? '' })} options={list.map((v) => ({ value: v, label: labelOf(v) }))} />
  );
  const codeFilter = <Input.Search allowClear style={{ width: 200 }} placeholder={t('finance:filters.code')} defaultValue={state.code} onSearch={(v) => setState({ currentPage: 1, code: v.trim() })} />;

  return (
    <>
      <PageTitle title={t('nav:routes.paymentManagement')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setState({ activeKey: key, currentPage: 1, status: '', code: '' })}
        items={[
          {
            key: 'financeBill',
            label: t('finance:tabs.financeBill'),
            children: tab === 'financeBill' && (
              <BillsTab
                filter={{ ...page, ...(state.supplierId ? { supplierId: state.supplierId } : {}), ...(oneOf(BILL_STATUSES, state.billStatus) ? { billStatus: state.billStatus as BillStatus } : {}) }}
                pagination={pagination}
                filters={
                  <Space wrap>
                    {supplierFilter}
                    {select('billStatus', BILL_STATUSES, (v) => t(`finance:billStatuses.${v}`), t('finance:filters.any'))}
                  </Space>
                }
              />
            ),
          },
          {
            key: 'financePayable',
            label: t('finance:tabs.financePayable'),
            children: tab === 'financePayable' && (
              <PayablesTab
                filter={{
                  ...page,
                  ...(state.code ? { code: state.code } : {}),
                  ...(state.supplierId ? { supplierId: state.supplierId } : {}),
                  ...(oneOf(PAYABLE_STATUSES, state.status) ? { status: state.status as PayableStatus } : {}),
                  ...(oneOf(PAYMENT_STATUSES, state.paymentStatus) ? { paymentStatus: state.paymentStatus as PaymentStatus } : {}),
                  ...(oneOf(PAYABLE_TYPES, state.payableType) ? { payableType: state.payableType as PayableType } : {}),
                }}
                pagination={pagination}
                filters={
                  <Space wrap>
                    {codeFilter}
                    {supplierFilter}
                    {select('payableType', PAYABLE_TYPES, (v) => t(`finance:payableTypes.${v}`), t('finance:fields.payableType'))}
                    {select('status', PAYABLE_STATUSES, (v) => t(`finance:statuses.${v}`), t('finance:fields.status'))}
                    {select('paymentStatus', PAYMENT_STATUSES, (v) => t(`finance:paymentStatuses.${v}`), t('finance:fields.paymentStatus'))}
                  </Space>
                }
              />
            ),
          },
          {
            key: 'financePaid',
            label: t('finance:tabs.financePaid'),
            children: tab === 'financePaid' && (
              <PaymentsTab
                filter={{
                  ...page,
                  ...(state.code ? { code: state.code } : {}),
                  ...(state.supplierId ? { supplierId: state.supplierId } : {}),
                  ...(oneOf(PAID_STATUSES, state.status) ? { status: state.status as PaidStatus } : {}),
                  ...(oneOf(PAID_TYPES, state.paymentType) ? { paymentType: state.paymentType as PaidType } : {}),
                }}
                pagination={pagination}
                filters={
                  <Space wrap>
                    {codeFilter}
                    {supplierFilter}
                    {select('paymentType', PAID_TYPES, (v) => t(`finance:paidTypes.${v}`), t('finance:fields.paidType'))}
                    {select('status', PAID_STATUSES, (v) => t(`finance:statuses.${v}`), t('finance:fields.status'))}
                  </Space>
                }
              />
            ),
          },
        ]}
      />
    </>
  );
}

type Pagination = (total: number) => ReturnType<typeof tablePagination>;

function BillsTab({ filter, filters, pagination }: { filter: Parameters<typeof useBills>[0]; filters: React.ReactNode; pagination: Pagination }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useBills(filter);
  const [selected, setSelected] = useState<number[]>([]);
  const record = useFinanceMutation(payableApi.record);
  const rows = list.data?.voList ?? [];
  const columns: ColumnsType<BillRow> = [
    { title: t('finance:fields.purchaseCode'), dataIndex: 'purchaseCode', width: 170 },
    { title: t('finance:fields.supplier'), dataIndex: 'supplierName', width: 150 },
    { title: t('finance:fields.item'), key: 'sku', render: (_, b) => `${b.skuName} (${b.skuCode})` },
    { title: t('finance:fields.receiveQty'), dataIndex: 'qty', width: 90, align: 'right' },
    { title: t('finance:fields.receivePrice'), key: 'price', width: 110, align: 'right', render: (_, b) => (b.unitCost === undefined ? '***' : b.unitCost ? formatMoney(b.unitCost) : '-') },
    { title: t('finance:fields.amount'), key: 'amount', width: 120, align: 'right', render: (_, b) => (b.amount === undefined ? '***' : b.amount ? formatMoney(b.amount) : '-') },
    { title: t('finance:fields.billStatus'), key: 'bs', width: 110, render: (_, b) => <Tag color={b.billStatus === 'RECORDED' ? 'green' : 'gold'}>{t(`finance:billStatuses.${b.billStatus}`)}</Tag> },
    { title: t('finance:fields.payableCode'), key: 'pc', width: 170, render: (_, b) => b.payableCode ?? '-' },
    { title: t('finance:fields.receivedAt'), key: 'at', width: 150, render: (_, b) => formatDateTime(b.receivedAt) },
  ];
  const recordSelected = async () => {
    const answer = await record.mutateAsync({ billDetailIds: selected });
    toast.success(t('finance:done.record', { codes: answer.payables.map((p) => p.code).join(', ') }));
    setSelected([]);
  };
  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          {filters}
          <Space>
            <Button type="primary" disabled={!selected.length} loading={record.isPending} onClick={() => void recordSelected().catch(() => undefined)}>
              {t('finance:bills.record', { count: selected.length })}
            </Button>
            <Button disabled={!selected.length} onClick={() => navigate(`/finance/payment-management/create-payable?billIds=${selected.join(',')}`)}>
              {t('finance:bills.createPayable')}
            </Button>
          </Space>
        </Space>
      </Card>
      {list.error && <Alert type="error" showIcon message={financeErrorMessage(list.error)} style={{ marginBottom: 12 }} />}
      <Table<BillRow>
        rowKey="billDetailId"
        size="middle"
        loading={list.isFetching}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 1300 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), getCheckboxProps: (b) => ({ disabled: b.billStatus === 'RECORDED' }) }}
        locale={{ emptyText: <Empty description={t('finance:bills.empty')} /> }}
        pagination={pagination(list.data?.total ?? 0)}
      />
    </>
  );
}

function PayablesTab({ filter, filters, pagination }: { filter: Parameters<typeof usePayables>[0]; filters: React.ReactNode; pagination: Pagination }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = usePayables(filter);
  const [viewing, setViewing] = useState<number | null>(null);
  const [selected, setSelected] = useState<PayableRow[]>([]);
  const payableIds = useMemo(() => selected.map((p) => p.id), [selected]);
  const oneSupplier = selected.length > 0 && selected.every((p) => p.supplierId === selected[0]!.supplierId && p.status === 'VERIFIED' && p.paymentStatus !== 'PAID');
  const columns: ColumnsType<PayableRow> = [
    { title: t('finance:fields.payableCode'), key: 'code', width: 170, fixed: 'left', render: (_, r) => <Typography.Link onClick={() => setViewing(r.id)}>{r.code}</Typography.Link> },
    { title: t('finance:fields.payableType'), key: 'type', width: 130, render: (_, r) => (r.debitNote ? <Tag color="magenta">{t('finance:fields.debitNote')}</Tag> : t(`finance:payableTypes.${r.payableType}`)) },
    { title: t('finance:fields.status'), key: 'status', width: 90, render: (_, r) => <PayableStatusTag status={r.status} /> },
    { title: t('finance:fields.paymentStatus'), key: 'ps', width: 110, render: (_, r) => <PaymentStatusTag status={r.paymentStatus} /> },
    { title: t('finance:fields.amount'), key: 'amount', width: 120, align: 'right', render: (_, r) => formatMoney(r.amount) },
    { title: t('finance:fields.paidAmount'), key: 'paid', width: 120, align: 'right', render: (_, r) => formatMoney(r.paidAmount) },
    { title: t('finance:fields.outstanding'), key: 'out', width: 120, align: 'right', render: (_, r) => formatMoney(r.outstanding) },
    { title: t('finance:fields.supplier'), key: 'supplier', width: 160, render: (_, r) => `${r.supplierName} (${r.supplierCode})` },
    { title: t('finance:fields.purchaseCode'), key: 'po', width: 170, ellipsis: true, render: (_, r) => r.purchaseCode ?? '-' },
    { title: t('finance:fields.createdAt'), key: 'at', width: 150, render: (_, r) => formatDateTime(r.createdAt) },
    { title: t('common:actions.title'), key: 'actions', width: 220, fixed: 'right', render: (_, r) => <FinanceCommands kind="payable" row={r} onView={() => setViewing(r.id)} /> },
  ];
  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          {filters}
          <Space>
            <Button disabled={!oneSupplier} onClick={() => navigate(`/finance/payment-management/create-paid?supplierId=${selected[0]!.supplierId}&payableIds=${payableIds.join(',')}`)}>
              {t('finance:payables.pay', { count: selected.length })}
            </Button>
            <Link to="/finance/payment-management/create-payable">
              <Button type="primary" icon={<PlusOutlined />}>
                {t('nav:routes.createPayable')}
              </Button>
            </Link>
          </Space>
        </Space>
      </Card>
      {list.error && <Alert type="error" showIcon message={financeErrorMessage(list.error)} style={{ marginBottom: 12 }} />}
      <Table<PayableRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.voList ?? []}
        columns={columns}
        scroll={{ x: 1600 }}
        rowSelection={{ selectedRowKeys: payableIds, onChange: (_, rows) => setSelected(rows) }}
        locale={{ emptyText: <Empty description={t('finance:payables.empty')} /> }}
        pagination={pagination(list.data?.total ?? 0)}
      />
      <PayableDrawer id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

function PaymentsTab({ filter, filters, pagination }: { filter: Parameters<typeof usePayments>[0]; filters: React.ReactNode; pagination: Pagination }) {
  const { t } = useTranslation();
  const list = usePayments(filter);
  const [viewing, setViewing] = useState<number | null>(null);
  const columns: ColumnsType<PaymentRow> = [
    { title: t('finance:fields.paymentCode'), key: 'code', width: 170, fixed: 'left', render: (_, r) => <Typography.Link onClick={() => setViewing(r.id)}>{r.code}</Typography.Link> },
    { title: t('finance:fields.paidType'), key: 'type', width: 110, render: (_, r) => t(`finance:paidTypes.${r.paymentType}`) },
    { title: t('finance:fields.status'), key: 'status', width: 90, render: (_, r) => <PaidStatusTag status={r.status} /> },
    { title: t('finance:fields.supplier'), key: 'supplier', width: 160, render: (_, r) => `${r.supplierName} (${r.supplierCode})` },
    { title: t('finance:fields.paymentMode'), key: 'mode', width: 100, render: (_, r) => t(`finance:payTypes.${r.paymentMode}`) },
    { title: t('finance:fields.amountPaid'), key: 'amount', width: 120, align: 'right', render: (_, r) => formatMoney(r.amountPaid) },
    { title: t('finance:fields.prepaidDeduct'), key: 'pd', width: 120, align: 'right', render: (_, r) => formatMoney(r.prepaidDeduct) },
    { title: t('finance:fields.otherDeduct'), key: 'od', width: 110, align: 'right', render: (_, r) => formatMoney(r.otherDeduct) },
    { title: t('finance:fields.actualPaid'), key: 'ap', width: 120, align: 'right', render: (_, r) => formatMoney(r.actualPaid) },
    { title: t('finance:fields.prepaidRemaining'), key: 'pr', width: 120, align: 'right', render: (_, r) => (r.prepaidRemaining === null ? '-' : formatMoney(r.prepaidRemaining)) },
    { title: t('finance:fields.createdAt'), key: 'at', width: 150, render: (_, r) => formatDateTime(r.createdAt) },
    { title: t('common:actions.title'), key: 'actions', width: 220, fixed: 'right', render: (_, r) => <FinanceCommands kind="payment" row={r} onView={() => setViewing(r.id)} /> },
  ];
  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          {filters}
          <Space>
            <Link to="/finance/payment-management/create-paid?paymentType=PREPAID">
              <Button>{t('finance:payments.createPrepaid')}</Button>
            </Link>
            <Link to="/finance/payment-management/create-paid">
              <Button type="primary" icon={<PlusOutlined />}>
                {t('nav:routes.createPaid')}
              </Button>
            </Link>
          </Space>
        </Space>
      </Card>
      {list.error && <Alert type="error" showIcon message={financeErrorMessage(list.error)} style={{ marginBottom: 12 }} />}
      <Table<PaymentRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.voList ?? []}
        columns={columns}
        scroll={{ x: 1700 }}
        locale={{ emptyText: <Empty description={t('finance:payments.empty')} /> }}
        pagination={pagination(list.data?.total ?? 0)}
      />
      <PaymentDrawer id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
