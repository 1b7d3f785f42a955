// Courier bill lines (/config/expressReconciliation/freightExpressReconciliation): each billed
// waybill against our parcel and the template price, with the status (spec 02 §4.1 NONE, SUCCESS,
// FAILURE) and what was flagged; unmatched lines are listed to be chased with the courier.
import { Button, Card, Empty, Input, Select, Space, Table, Tag } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EXPRESS_RECONCILIATION_STATUSES, expressCompanyName, formatMoney, type ExpressBillFlag, type ExpressBillLineRow, type ExpressReconciliationStatus, type Language } from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { ExpressCompanySelect } from '../../express/components/express-company-select';
import { freightApi } from '../api';
import { useBillLines, useFreightMutation, yuanOfFen } from '../queries';

const FLAGS: ExpressBillFlag[] = ['OVER_WEIGHT', 'OVER_CHARGE', 'UNMATCHED', 'NO_PRICE'];
const STATUS_COLOR: Record<string, string> = { NONE: 'default', SUCCESS: 'green', FAILURE: 'red' };

export default function BillLinesPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = {
    currentPage: Number(params.get('page')) || 1,
    pageSize: Number(params.get('size')) || 20,
    ...(params.get('status') ? { status: params.get('status') as ExpressReconciliationStatus } : {}),
    ...(params.get('flag') ? { flag: params.get('flag') as ExpressBillFlag } : {}),
    ...(params.get('month') ? { month: params.get('month')! } : {}),
    ...(params.get('expressCompanyCode') ? { expressCompanyCode: params.get('expressCompanyCode')! } : {}),
    ...(params.get('expressNo') ? { expressNo: params.get('expressNo')! } : {}),
  };
  const lines = useBillLines(filter);
  const rematch = useFreightMutation(() => freightApi.rematch());
  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  const fee = (v: number | null) => (v === null ? '—' : formatMoney(yuanOfFen(v)));

  return (
    <Card>
      <PageTitle
        title={t('freight:lines.title')}
        extra={
          <Button loading={rematch.isPending} onClick={() => rematch.mutate(undefined, { onSuccess: (r) => toast.success(t('freight:lines.rematched', { lines: r.lines, matched: r.matched, failures: r.failures })) })}>
            {t('freight:lines.rematch')}
          </Button>
        }
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <ExpressCompanySelect aria-label={t('freight:fields.carrier')} valueField="code" allowClear value={filter.expressCompanyCode ?? null} onChange={(v) => set('expressCompanyCode', v as string | undefined)} />
        <Select aria-label={t('freight:lines.status')} allowClear placeholder={t('freight:lines.status')} style={{ width: 150 }} value={filter.status} onChange={(v) => set('status', v)} options={EXPRESS_RECONCILIATION_STATUSES.map((s) => ({ value: s, label: t(`freight:status.${s}`) }))} />
        <Select aria-label={t('freight:lines.flag')} allowClear placeholder={t('freight:lines.flag')} style={{ width: 170 }} value={filter.flag} onChange={(v) => set('flag', v)} options={FLAGS.map((f) => ({ value: f, label: t(`freight:flags.${f}`) }))} />
        <Input.Search aria-label={t('freight:bills.month')} placeholder="YYYY-MM" allowClear defaultValue={filter.month} style={{ width: 150 }} onSearch={(v) => set('month', /^\d{4}-\d{2}$/.test(v) ? v : undefined)} />
        <Input.Search aria-label={t('freight:lines.expressNo')} placeholder={t('freight:lines.expressNo')} allowClear defaultValue={filter.expressNo} style={{ width: 200 }} onSearch={(v) => set('expressNo', v.trim() || undefined)} />
      </Space>
      <Table<ExpressBillLineRow>
        rowKey="id"
        loading={lines.isFetching}
        dataSource={lines.data?.voList ?? []}
        locale={{ emptyText: <Empty description={t('freight:lines.empty')} /> }}
        pagination={{ current: filter.currentPage, pageSize: filter.pageSize, total: lines.data?.total ?? 0, onChange: (page, size) => { const next = new URLSearchParams(params); next.set('page', String(page)); next.set('size', String(size)); setParams(next); } }}
        columns={[
          { title: t('freight:lines.expressNo'), dataIndex: 'expressNo' },
          { title: t('freight:fields.carrier'), dataIndex: 'expressCompanyCode', render: (c: string) => expressCompanyName(c, i18n.language as Language) },
          { title: t('freight:bills.month'), dataIndex: 'billMonth' },
          { title: t('freight:lines.order'), dataIndex: 'orderCode', render: (v: string | null) => v ?? '—' },
          { title: t('freight:lines.billedWeight'), dataIndex: 'billedWeight', render: (v: string) => `${v} kg` },
          { title: t('freight:lines.ourWeight'), dataIndex: 'ourWeight', render: (v: string | null) => (v === null ? '—' : `${v} kg`) },
          { title: t('freight:lines.billedFee'), dataIndex: 'billedFee', render: fee },
          { title: t('freight:lines.templateFee'), dataIndex: 'templateFee', render: fee },
          { title: t('freight:lines.overCharge'), dataIndex: 'overCharge', render: fee },
          { title: t('freight:lines.status'), dataIndex: 'status', render: (s: string) => <Tag color={STATUS_COLOR[s]}>{t(`freight:status.${s}`)}</Tag> },
          { title: t('freight:lines.flag'), dataIndex: 'flags', render: (flags: ExpressBillFlag[]) => flags.map((f) => <Tag key={f} color={f === 'UNMATCHED' || f === 'NO_PRICE' ? 'orange' : 'red'}>{t(`freight:flags.${f}`)}</Tag>) },
        ]}
      />
    </Card>
  );
}
