// /finance/payment-management/create-payable: a purchase payable records chosen bills (purchase
// receipt lines not yet on a payable, at the receipt's quantity and unit cost), an other payable
// lists free items (name, optional SKU, quantity, price). Save as a draft or save and submit.
// With ?id= it edits a draft payable of either type (its own bills stay choosable).
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Empty, Form, Input, InputNumber, Radio, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDecimal, MONEY_DECIMALS, type Decimal, formatMoney, multiplyDecimals, sumDecimals, type BillRow, type PayableType } from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { useSupplierOptions } from '../../suppliers/queries';
import { payableApi } from '../api';
import { financeErrorMessage, useBills, useFinanceMutation, usePayable } from '../queries';

const showMoney = (d: Decimal) => formatMoney(formatDecimal(d, MONEY_DECIMALS));

interface OtherItem {
  payableItemName?: string;
  skuCode?: string;
  payableQty?: number;
  payablePrice?: string;
}

interface FormValues {
  supplierId?: number;
  remark?: string;
  items?: OtherItem[];
}

const PRICE = /^\d{1,14}(\.\d{1,4})?$/;

export default function CreatePayablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preselected = useMemo(() => (params.get('billIds') ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0), [params]);
  const editId = Number(params.get('id')) || null;
  const editing = usePayable(editId);
  const original = editing.data;
  const [type, setType] = useState<PayableType>('PURCHASE');
  const [form] = Form.useForm<FormValues>();
  const supplierId = Form.useWatch('supplierId', form);
  const items = Form.useWatch('items', form);
  const [selected, setSelected] = useState<number[]>(preselected);
  const [page, setPage] = useState(1);
  const suppliers = useSupplierOptions(false);
  // Editing: the payable's own bills are listed too (recorded on it), so they can stay chosen.
  const bills = useBills(
    { currentPage: page, pageSize: 100, ...(editId ? {} : { billStatus: 'TO_BE_RECORD' as const }), ...(supplierId ? { supplierId } : {}) },
    type === 'PURCHASE' && (!editId || !!original),
  );
  useEffect(() => {
    if (!original) return;
    const p = original.payable;
    setType(p.payableType);
    setSelected(original.lines.map((l) => l.billDetailId).filter((v): v is number => v !== null));
    form.setFieldsValue({
      supplierId: p.supplierId,
      remark: p.remark ?? undefined,
      items: p.payableType === 'OTHER' ? original.lines.map((l) => ({ payableItemName: l.payableItemName, skuCode: l.skuCode ?? undefined, payableQty: l.payableQty, payablePrice: l.payablePrice })) : [{}],
    });
  }, [original, form]);
  // Bills seen on any page, so the total counts the chosen ones of other pages too.
  const [seen, setSeen] = useState<Map<number, BillRow>>(new Map());
  const rows = useMemo(() => bills.data?.voList ?? [], [bills.data]);
  useEffect(() => setSeen((before) => new Map([...before, ...rows.map((r) => [r.billDetailId, r] as const)])), [rows]);
  const chosen = selected.map((id) => seen.get(id)).filter((b): b is BillRow => !!b);
  const billsTotal = chosen.every((b) => typeof b.amount === 'string') ? sumDecimals(chosen.map((b) => b.amount ?? '0')) : null;
  const otherTotal = (() => {
    try {
      return sumDecimals((items ?? []).filter((i) => i?.payableQty && i.payablePrice && PRICE.test(i.payablePrice)).map((i) => multiplyDecimals(i.payablePrice!, i.payableQty!)));
    } catch {
      return null;
    }
  })();

  const create = useFinanceMutation(payableApi.createPurchase, { toastErrors: false });
  const createAndSubmit = useFinanceMutation(payableApi.createPurchaseAndSubmit, { toastErrors: false });
  const createOther = useFinanceMutation(payableApi.createOther, { toastErrors: false });
  const createOtherAndSubmit = useFinanceMutation(payableApi.createOtherAndSubmit, { toastErrors: false });
  const [problem, setProblem] = useState<string | null>(null);
  const update = useFinanceMutation(payableApi.updatePurchase, { toastErrors: false });
  const updateAndSubmit = useFinanceMutation(payableApi.updatePurchaseAndSubmit, { toastErrors: false });
  const updateOther = useFinanceMutation(payableApi.updateOther, { toastErrors: false });
  const updateOtherAndSubmit = useFinanceMutation(payableApi.updateOtherAndSubmit, { toastErrors: false });
  const busy = [create, createAndSubmit, createOther, createOtherAndSubmit, update, updateAndSubmit, updateOther, updateOtherAndSubmit].some((m) => m.isPending);

  async function save(submit: boolean) {
    setProblem(null);
    const values = await form.validateFields();
    try {
      const details = selected.map((billDetailId) => ({ billDetailId }));
      const others = {
        payableObjectId: values.supplierId!,
        remark: values.remark,
        details: (values.items ?? []).map((i) => ({ payableItemName: i.payableItemName!, skuCode: i.skuCode || undefined, payableQty: i.payableQty!, payablePrice: i.payablePrice! })),
      };
      const key = original ? { id: original.payable.id, version: original.payable.version } : null;
      const answer =
        type === 'PURCHASE'
          ? key
            ? await (submit ? updateAndSubmit : update).mutateAsync({ ...key, remark: values.remark, details })
            : await (submit ? createAndSubmit : create).mutateAsync({ remark: values.remark, details })
          : key
            ? await (submit ? updateOtherAndSubmit : updateOther).mutateAsync({ ...key, ...others })
            : await (submit ? createOtherAndSubmit : createOther).mutateAsync(others);
      toast.success(t(submit ? 'finance:done.createAndSubmit' : 'finance:done.create', { code: answer.payable.code }));
      navigate('/finance/payment-management?activeKey=financePayable');
    } catch (error) {
      setProblem(financeErrorMessage(error));
    }
  }

  return (
    <>
      <PageTitle title={original ? t('finance:form.editTitle', { code: original.payable.code }) : t('nav:routes.createPayable')} />
      {editing.error && <Alert type="error" showIcon message={financeErrorMessage(editing.error)} style={{ marginBottom: 12 }} />}
      <Card size="small">
        <Form form={form} layout="vertical" initialValues={{ items: [{}] }}>
          <Form.Item label={t('finance:fields.payableType')}>
            <Radio.Group disabled={!!editId} value={type} onChange={(e) => setType(e.target.value as PayableType)} optionType="button" options={(['PURCHASE', 'OTHER'] as const).map((v) => ({ value: v, label: t(`finance:payableTypes.${v}`) }))} />
          </Form.Item>
          <Form.Item
            name="supplierId"
            label={t('finance:fields.supplier')}
            rules={type === 'OTHER' ? [{ required: true, message: t('finance:form.supplierRequired') }] : []}
            extra={type === 'PURCHASE' ? t('finance:form.billsHint') : undefined}
          >
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 320 }} options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))} />
          </Form.Item>

          {type === 'PURCHASE' ? (
            <>
              {bills.error && <Alert type="error" showIcon message={financeErrorMessage(bills.error)} style={{ marginBottom: 12 }} />}
              <Table<BillRow>
                rowKey="billDetailId"
                size="small"
                loading={bills.isFetching}
                dataSource={rows}
                rowSelection={{
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => setSelected(keys as number[]),
                  getCheckboxProps: (b) => ({ disabled: b.billStatus === 'RECORDED' && b.payableId !== editId }),
                }}
                locale={{ emptyText: <Empty description={t('finance:bills.emptyToRecord')} /> }}
                pagination={{ current: page, pageSize: 100, total: bills.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
                columns={[
                  { title: t('finance:fields.purchaseCode'), dataIndex: 'purchaseCode' },
                  { title: t('finance:fields.supplier'), dataIndex: 'supplierName' },
                  { title: t('finance:fields.item'), key: 'sku', render: (_, b) => `${b.skuName} (${b.skuCode})` },
                  { title: t('finance:fields.receiveQty'), dataIndex: 'qty', align: 'right' },
                  { title: t('finance:fields.receivePrice'), key: 'p', align: 'right', render: (_, b) => (b.unitCost === undefined ? '***' : b.unitCost ? formatMoney(b.unitCost) : '-') },
                  { title: t('finance:fields.amount'), key: 'a', align: 'right', render: (_, b) => (b.amount === undefined ? '***' : b.amount ? formatMoney(b.amount) : '-') },
                ]}
              />
              <Typography.Paragraph strong style={{ marginTop: 8 }}>
                {t('finance:form.chosenBills', { count: selected.length })}
                {billsTotal !== null && ` · ${t('finance:fields.amount')} ${showMoney(billsTotal)}`}
              </Typography.Paragraph>
            </>
          ) : (
            <Form.List name="items">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline" wrap>
                      <Form.Item name={[field.name, 'payableItemName']} rules={[{ required: true, message: t('finance:form.itemRequired') }, { max: 100 }]}>
                        <Input placeholder={t('finance:fields.item')} style={{ width: 220 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'skuCode']} rules={[{ max: 64 }]}>
                        <Input placeholder={t('finance:form.skuCodeOptional')} style={{ width: 160 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'payableQty']} rules={[{ required: true, message: t('finance:form.qtyRequired') }]}>
                        <InputNumber min={1} max={10_000_000} precision={0} placeholder={t('finance:fields.payableQty')} style={{ width: 120 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'payablePrice']} rules={[{ required: true, message: t('finance:form.priceRequired') }, { pattern: PRICE, message: t('finance:form.priceFormat') }]}>
                        <Input placeholder={t('finance:fields.payablePrice')} style={{ width: 140 }} />
                      </Form.Item>
                      {fields.length > 1 && <Button type="text" icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} onClick={() => remove(field.name)} />}
                    </Space>
                  ))}
                  <Button icon={<PlusOutlined />} onClick={() => add({})}>
                    {t('finance:form.addItem')}
                  </Button>
                  {otherTotal !== null && (
                    <Typography.Paragraph strong style={{ marginTop: 8 }}>
                      {t('finance:fields.amount')} {showMoney(otherTotal)}
                    </Typography.Paragraph>
                  )}
                </>
              )}
            </Form.List>
          )}
          <Form.Item name="remark" label={t('finance:fields.remark')} rules={[{ max: 500 }]} style={{ marginTop: 12 }}>
            <Input.TextArea rows={2} />
          </Form.Item>
          {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
          <Space>
            <Button disabled={busy || (type === 'PURCHASE' && !selected.length)} onClick={() => void save(false).catch(() => undefined)}>
              {t('finance:form.save')}
            </Button>
            <Button type="primary" loading={busy} disabled={type === 'PURCHASE' && !selected.length} onClick={() => void save(true).catch(() => undefined)}>
              {t('finance:form.saveAndSubmit')}
            </Button>
            <Button onClick={() => navigate('/finance/payment-management?activeKey=financePayable')}>{t('common:actions.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </>
  );
}
