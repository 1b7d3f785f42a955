// /finance/platform-billing-summary (MENU_BILL_SUMMARY): the ledger summed by store and month of
// settlement (calculatedSum), split by kind, with the lines still to record.
import { Alert, Empty, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatMoney, type CalculatedSumRow } from '@openseller/core';
import { PageTitle } from '../../../ui/page-title';
import { useListState } from '../../../ui/use-list-state';
import { useStoreOptions } from '../../stores/queries';
import { useBillSummary } from '../queries';

const DEFAULTS = { storeId: 0, periodFrom: '', periodTo: '' };
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

export default function BillingSummaryPage() {
  const { t } = useTranslation();
  const [state, setState] = useListState(DEFAULTS);
  const stores = useStoreOptions();
  const filter = {
    ...(state.storeId ? { storeId: state.storeId } : {}),
    ...(PERIOD.test(state.periodFrom) ? { periodFrom: state.periodFrom } : {}),
    ...(PERIOD.test(state.periodTo) ? { periodTo: state.periodTo } : {}),
  };
  const summary = useBillSummary(filter);
  const money = (key: keyof CalculatedSumRow, title: string) => ({ title, dataIndex: key, align: 'right' as const, width: 120, render: (v: string) => <Typography.Text type={Number(v) < 0 ? 'danger' : undefined}>{formatMoney(v)}</Typography.Text> });
  const columns: ColumnsType<CalculatedSumRow> = [
    { title: t('reconciliation:fields.store'), dataIndex: 'storeName', fixed: 'left', width: 160 },
    { title: t('reconciliation:fields.period'), dataIndex: 'period', width: 90 },
    { title: t('reconciliation:totals.lines'), dataIndex: 'lineCount', align: 'right', width: 80 },
    { title: t('reconciliation:totals.toRecord'), dataIndex: 'toBeRecordCount', align: 'right', width: 90 },
    money('incomeAmount', t('reconciliation:totals.income')),
    money('expenseAmount', t('reconciliation:totals.expense')),
    money('netAmount', t('reconciliation:totals.net')),
    money('sale', t('reconciliation:eventGroups.sale')),
    money('refund', t('reconciliation:eventGroups.refund')),
    money('commission', t('reconciliation:kinds.commission')),
    money('serviceFee', t('reconciliation:kinds.serviceFee')),
    money('subsidy', t('reconciliation:kinds.subsidy')),
    money('freight', t('reconciliation:kinds.freight')),
    money('adjustment', t('reconciliation:eventGroups.adjustment')),
  ];
  return (
    <>
      <PageTitle title={t('nav:routes.billingSummary')} />
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 200 }} placeholder={t('reconciliation:filters.anyStore')} value={state.storeId || undefined} onChange={(v?: number) => setState({ storeId: v ?? 0 })} options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))} />
        <Input.Search allowClear style={{ width: 150 }} placeholder={t('reconciliation:filters.periodFrom')} defaultValue={state.periodFrom} onSearch={(v) => setState({ periodFrom: v.trim() })} status={state.periodFrom && !PERIOD.test(state.periodFrom) ? 'error' : undefined} />
        <Input.Search allowClear style={{ width: 150 }} placeholder={t('reconciliation:filters.periodTo')} defaultValue={state.periodTo} onSearch={(v) => setState({ periodTo: v.trim() })} status={state.periodTo && !PERIOD.test(state.periodTo) ? 'error' : undefined} />
      </Space>
      {summary.isError && <Alert type="error" showIcon title={t('reconciliation:loadFailed')} style={{ marginBottom: 12 }} />}
      <Table
        rowKey={(r) => `${r.storeId}-${r.period}`}
        size="small"
        loading={summary.isFetching}
        columns={columns}
        dataSource={summary.data?.voList ?? []}
        scroll={{ x: 1600 }}
        pagination={false}
        locale={{
          emptyText: (
            <Empty description={t('reconciliation:billsEmpty')}>
              <Link to="/finance/reconciliation/platform-bill">{t('reconciliation:goToBills')}</Link>
            </Empty>
          ),
        }}
      />
    </>
  );
}
