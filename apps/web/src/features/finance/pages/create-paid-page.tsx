// /finance/payment-management/create-paid: a payment of a supplier's verified payables (an amount
// per payable, at most what is outstanding), less deductions from the supplier's prepayments and
// other deductions, paid by a pay type; or a prepayment to a supplier. The totals are reckoned in
// exact decimals as the server does; the server checks again under row locks on verify.
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Checkbox, DatePicker, Descriptions, Empty, Form, Input, Radio, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { formatDecimal, MONEY_DECIMALS, type Decimal, allocationFits, compareDecimals, formatMoney, PAY_TYPES, subtractDecimals, sumDecimals, type PaidType, type PayableRow, type PayType } from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { useSupplierOptions } from '../../suppliers/queries';
import { paymentApi } from '../api';
import { financeErrorMessage, useFinanceMutation, usePayables, usePrepaidBalance } from '../queries';

const showMoney = (d: Decimal) => formatMoney(formatDecimal(d, MONEY_DECIMALS));

const AMOUNT = /^-?\d{1,14}(\.\d{1,4})?$/;
const ids = (text: string | null) => (text ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);

interface FormValues {
  supplierId?: number;
  paymentMode?: PayType;
  paymentAccount?: string;
  collectBank?: string;
  collectAccount?: string;
  paidTime?: Dayjs | null;
  otherDeduct?: string;
  amountPaid?: string;
  remark?: string;
}

export default function CreatePaidPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [type, setType] = useState<PaidType>(params.get('paymentType') === 'PREPAID' ? 'PREPAID' : 'PAYABLE');
  const [form] = Form.useForm<FormValues>();
  const initialSupplier = Number(params.get('supplierId')) || undefined;
  const supplierId = Form.useWatch('supplierId', form) as number | undefined;
  const otherDeduct = (Form.useWatch('otherDeduct', form) as string | undefined) || '0';
  const suppliers = useSupplierOptions(false);
  const payables = usePayables({ currentPage: 1, pageSize: 100, status: 'VERIFIED', ...(supplierId ? { supplierId } : {}) }, type === 'PAYABLE' && !!supplierId);
  const open = useMemo(() => (payables.data?.voList ?? []).filter((p) => compareDecimals(p.outstanding, 0) !== 0), [payables.data]);
  const prepaid = usePrepaidBalance(type === 'PAYABLE' ? supplierId : undefined);
  const [allocations, setAllocations] = useState<Map<number, string>>(() => new Map(ids(params.get('payableIds')).map((id) => [id, ''])));
  const [deductions, setDeductions] = useState<Map<number, string>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const create = useFinanceMutation(paymentApi.create, { toastErrors: false });
  const createPrepaid = useFinanceMutation(paymentApi.createPrepaid, { toastErrors: false });
  const submit = useFinanceMutation(paymentApi.submit, { toastErrors: false });
  const busy = create.isPending || createPrepaid.isPending || submit.isPending;

  // A chosen payable without an amount pays what is outstanding.
  const amountOf = (p: PayableRow) => allocations.get(p.id) || p.outstanding;
  const chosen = open.filter((p) => allocations.has(p.id));
  const valid = (v: string) => AMOUNT.test(v.trim());
  const allValid = chosen.every((p) => valid(amountOf(p))) && [...deductions.values()].every((v) => v === '' || valid(v)) && valid(otherDeduct);
  const amountPaid = allValid ? sumDecimals(chosen.map(amountOf)) : null;
  const prepaidDeduct = allValid ? sumDecimals([...deductions.values()].filter((v) => v !== '')) : null;
  const actualPaid = amountPaid && prepaidDeduct ? subtractDecimals(subtractDecimals(amountPaid, otherDeduct), prepaidDeduct) : null;

  const toggle = (id: number, on: boolean) =>
    setAllocations((before) => {
      const next = new Map(before);
      if (on) next.set(id, '');
      else next.delete(id);
      return next;
    });

  async function save(andSubmit: boolean) {
    setProblem(null);
    const values = await form.validateFields();
    const common = {
      paymentMode: values.paymentMode!,
      paymentAccount: values.paymentAccount,
      collectBank: values.collectBank,
      collectAccount: values.collectAccount,
      paidTime: values.paidTime ? values.paidTime.format('YYYY-MM-DD HH:mm:ss') : undefined,
      remark: values.remark,
    };
    try {
      const created =
        type === 'PREPAID'
          ? await createPrepaid.mutateAsync({ ...common, paymentObjectId: values.supplierId!, amountPaid: values.amountPaid! })
          : await create.mutateAsync({
              ...common,
              paymentObjectId: values.supplierId!,
              otherDeduct,
              allocations: chosen.map((p) => ({ payableId: p.id, amount: amountOf(p).trim() })),
              prepaidDeductDetails: [...deductions].filter(([, v]) => v !== '' && compareDecimals(v, 0) !== 0).map(([prepaidPaymentId, v]) => ({ prepaidPaymentId, prepaidDeductAmount: v.trim() })),
            });
      if (andSubmit) await submit.mutateAsync({ id: created.payment.id, version: created.payment.version });
      toast.success(t(andSubmit ? 'finance:done.createAndSubmit' : 'finance:done.create', { code: created.payment.code }));
      navigate('/finance/payment-management?activeKey=financePaid');
    } catch (error) {
      setProblem(financeErrorMessage(error));
    }
  }

  return (
    <>
      <PageTitle title={t('nav:routes.createPaid')} />
      <Card size="small">
        <Form form={form} layout="vertical" initialValues={{ supplierId: initialSupplier, paymentMode: 'BANK', otherDeduct: '0' }}>
          <Form.Item label={t('finance:fields.paidType')}>
            <Radio.Group value={type} onChange={(e) => setType(e.target.value as PaidType)} optionType="button" options={(['PAYABLE', 'PREPAID'] as const).map((v) => ({ value: v, label: t(`finance:paidTypes.${v}`) }))} />
          </Form.Item>
          <Space wrap align="start">
            <Form.Item name="supplierId" label={t('finance:fields.supplier')} rules={[{ required: true, message: t('finance:form.supplierRequired') }]}>
              <Select showSearch={{ optionFilterProp: 'label' }} style={{ width: 280 }} options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))} onChange={() => setDeductions(new Map())} />
            </Form.Item>
            <Form.Item name="paymentMode" label={t('finance:fields.paymentMode')} rules={[{ required: true, message: t('finance:form.payModeRequired') }]}>
              <Select style={{ width: 140 }} options={PAY_TYPES.map((v) => ({ value: v, label: t(`finance:payTypes.${v}`) }))} />
            </Form.Item>
            {type === 'PREPAID' && (
              <Form.Item name="amountPaid" label={t('finance:fields.amountPaid')} rules={[{ required: true, message: t('finance:form.amountRequired') }, { pattern: /^\d{1,14}(\.\d{1,4})?$/, message: t('finance:form.amountFormat') }]}>
                <Input style={{ width: 160 }} />
              </Form.Item>
            )}
            <Form.Item name="paymentAccount" label={t('finance:fields.paymentAccount')} rules={[{ max: 100 }]}>
              <Input style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="collectBank" label={t('finance:fields.collectBank')} rules={[{ max: 100 }]}>
              <Input style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="collectAccount" label={t('finance:fields.collectAccount')} rules={[{ max: 100 }]}>
              <Input style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="paidTime" label={t('finance:fields.paidTime')}>
              <DatePicker showTime />
            </Form.Item>
          </Space>

          {type === 'PAYABLE' && (
            <>
              <h4>{t('finance:form.payablesToPay')}</h4>
              {payables.error && <Alert type="error" showIcon message={financeErrorMessage(payables.error)} style={{ marginBottom: 12 }} />}
              <Table<PayableRow>
                rowKey="id"
                size="small"
                loading={payables.isFetching}
                dataSource={supplierId ? open : []}
                pagination={false}
                locale={{ emptyText: <Empty description={supplierId ? t('finance:form.noOpenPayables') : t('finance:form.chooseSupplierFirst')} /> }}
                columns={[
                  { title: '', key: 'pick', width: 40, render: (_, p) => <Checkbox checked={allocations.has(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} aria-label={p.code} /> },
                  { title: t('finance:fields.payableCode'), dataIndex: 'code' },
                  { title: t('finance:fields.purchaseCode'), key: 'po', render: (_, p) => (p.debitNote ? `${t('finance:fields.debitNote')} · ` : '') + (p.purchaseCode ?? '-') },
                  { title: t('finance:fields.amount'), key: 'a', align: 'right', render: (_, p) => formatMoney(p.amount) },
                  { title: t('finance:fields.outstanding'), key: 'o', align: 'right', render: (_, p) => formatMoney(p.outstanding) },
                  {
                    title: t('finance:fields.thisPayment'),
                    key: 'pay',
                    width: 180,
                    render: (_, p) => {
                      if (!allocations.has(p.id)) return null;
                      const v = amountOf(p);
                      const fits = valid(v) && allocationFits(p.outstanding, v.trim());
                      return (
                        <Input
                          status={fits ? undefined : 'error'}
                          value={allocations.get(p.id) || ''}
                          placeholder={p.outstanding}
                          aria-label={t('finance:fields.thisPayment')}
                          onChange={(e) => setAllocations((before) => new Map(before).set(p.id, e.target.value))}
                        />
                      );
                    },
                  },
                ]}
              />
              <h4 style={{ marginTop: 16 }}>{t('finance:form.prepaidDeductions')}</h4>
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                loading={prepaid.isFetching}
                dataSource={prepaid.data?.prepayments ?? []}
                locale={{ emptyText: <Empty description={t('finance:form.noPrepayments')} /> }}
                columns={[
                  { title: t('finance:fields.prepaidCode'), dataIndex: 'code' },
                  { title: t('finance:fields.prepaidRemaining'), key: 'r', align: 'right', render: (_, p) => formatMoney(p.remaining) },
                  {
                    title: t('finance:fields.prepaidDeduct'),
                    key: 'd',
                    width: 180,
                    render: (_, p) => {
                      const v = deductions.get(p.id) ?? '';
                      const bad = v !== '' && (!valid(v) || compareDecimals(v, 0) < 0 || compareDecimals(v, p.remaining) > 0);
                      return <Input status={bad ? 'error' : undefined} value={v} placeholder="0" aria-label={`${t('finance:fields.prepaidDeduct')} ${p.code}`} onChange={(e) => setDeductions((before) => new Map(before).set(p.id, e.target.value))} />;
                    },
                  },
                ]}
              />
              <Form.Item name="otherDeduct" label={t('finance:fields.otherDeduct')} style={{ marginTop: 12 }} rules={[{ pattern: /^\d{1,14}(\.\d{1,4})?$/, message: t('finance:form.amountFormat') }]}>
                <Input style={{ width: 160 }} />
              </Form.Item>
              <Descriptions size="small" bordered column={4} style={{ marginBottom: 12 }}>
                <Descriptions.Item label={t('finance:fields.amountPaid')}>{amountPaid ? showMoney(amountPaid) : '-'}</Descriptions.Item>
                <Descriptions.Item label={t('finance:fields.prepaidDeduct')}>{prepaidDeduct ? showMoney(prepaidDeduct) : '-'}</Descriptions.Item>
                <Descriptions.Item label={t('finance:fields.otherDeduct')}>{valid(otherDeduct) ? formatMoney(otherDeduct) : '-'}</Descriptions.Item>
                <Descriptions.Item label={t('finance:fields.actualPaid')}>{actualPaid ? showMoney(actualPaid) : '-'}</Descriptions.Item>
              </Descriptions>
            </>
          )}
          <Form.Item name="remark" label={t('finance:fields.remark')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
          <Space>
            <Button disabled={busy || (type === 'PAYABLE' && !chosen.length)} onClick={() => void save(false).catch(() => undefined)}>
              {t('finance:form.save')}
            </Button>
            <Button type="primary" loading={busy} disabled={type === 'PAYABLE' && !chosen.length} onClick={() => void save(true).catch(() => undefined)}>
              {t('finance:form.saveAndSubmit')}
            </Button>
            <Button onClick={() => navigate('/finance/payment-management?activeKey=financePaid')}>{t('common:actions.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </>
  );
}
