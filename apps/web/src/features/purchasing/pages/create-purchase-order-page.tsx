// /purchase/create-purchase-order (MENU_PURCHASE): a new purchase order, or with ?id= the edit of a
// draft. A supplier, the warehouse the goods come to, and lines of SKUs chosen with the goods
// picker, each with its quantity and purchase price (for those who may see purchase prices).
// "Save" keeps a draft; "Save and submit" sends it for verification. Freight on the order is spread
// over the priced lines (by amount, quantity or weight: the core rule allocatePurchaseFreight, as the
// server does) and each line's freight share and landed unit cost are shown before saving.
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  addDecimals,
  allocatePurchaseFreight,
  FREIGHT_ALLOCATIONS,
  formatDecimal,
  formatMoney,
  multiplyDecimals,
  type FreightAllocation,
  type FreightAllocationResult,
  type PurchaseView,
} from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { SkuLinesTable } from '../../../ui/sku-lines-table';
import { leaveWithoutAsking, useUnsavedChanges } from '../../../ui/unsaved-changes';
import { SkuPicker, type SkuPick } from '../../goods/components/sku-picker';
import { useSupplierOptions } from '../../suppliers/queries';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { purchaseApi, type PurchaseFormValues } from '../api';
import { purchaseErrorMessage, showPurchaseFieldErrors, usePurchase, usePurchaseMutation, useSeesPurchasePrice } from '../queries';
import { mergeImportedLines, prefillOf } from '../replenishment/prefill';
import { PurchaseLinesImportButton } from '../replenishment/purchase-lines-import';

interface LineValues {
  skuId: number;
  skuCode: string;
  skuName: string | null;
  specifications: string | null;
  qty: number | null;
  price?: string | number | null;
  /** The SKU's weight (kg) when known on the page (picked or saved lines); undefined for imported lines until saved. */
  weight?: string | null;
  remark?: string | null;
}

interface FormValues {
  supplierId?: number;
  whId?: number;
  expectedTime?: Dayjs | null;
  remark?: string;
  freight?: string | number | null;
  freightAllocation?: FreightAllocation;
  purchaseDetailDtoList: LineValues[];
}

const TOP_FIELDS = ['supplierId', 'whId', 'expectedTime', 'remark', 'freight', 'freightAllocation', 'purchaseDetailDtoList'];

const priceText = (v: string | number | null | undefined) => (v === undefined || v === null || v === '' ? null : String(v));

/** The freight preview; null when it cannot be reckoned on the page (text mid-typing, or weights only known after saving). */
function freightPreview(lines: LineValues[], freight: string | number | null | undefined, mode: FreightAllocation): FreightAllocationResult | null {
  try {
    const result = allocatePurchaseFreight(
      lines.map((l) => ({ qty: Number(l?.qty) || 0, price: priceText(l?.price), weight: l?.weight ?? null })),
      priceText(freight),
      mode,
    );
    if (!result.ok && result.reason === 'WEIGHT_MISSING' && lines[result.index]?.weight === undefined) return null;
    return result;
  } catch {
    return null;
  }
}

function toLines(view: PurchaseView): LineValues[] {
  return view.lines.map((l) => ({ skuId: l.skuId, skuCode: l.skuCode, skuName: l.skuName, specifications: l.skuSpec, qty: l.orderedQty, price: l.price ?? null, weight: l.weight, remark: l.remark }));
}

export default function CreatePurchaseOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Opened from the replenishment suggestions: a new order prefilled with one supplier's lines.
  const prefill = prefillOf(useLocation().state);
  const editingId = Number(params.get('id')) || null;
  const [form] = Form.useForm<FormValues>();
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);
  const seesPrice = useSeesPurchasePrice();
  const suppliers = useSupplierOptions(false);
  const existing = usePurchase(editingId);
  const watchedLines = Form.useWatch('purchaseDetailDtoList', { form, preserve: true }) as LineValues[] | undefined;
  const lines = useMemo(() => watchedLines ?? [], [watchedLines]);
  const editable = !existing.data || existing.data.order.status === 'DRAFT';

  useEffect(() => {
    const view = existing.data;
    if (!view) return;
    setChanged(false);
    form.setFieldsValue({
      supplierId: view.order.supplierId,
      whId: view.order.whId,
      expectedTime: view.order.expectedTime ? dayjs(view.order.expectedTime) : null,
      remark: view.order.remark ?? '',
      freight: view.order.freight ?? null,
      freightAllocation: view.order.freightAllocation,
      purchaseDetailDtoList: toLines(view),
    });
  }, [existing.data, form]);

  useEffect(() => {
    if (editingId || !prefill) return;
    form.setFieldsValue({ ...(prefill.supplierId ? { supplierId: prefill.supplierId } : {}), whId: prefill.whId, purchaseDetailDtoList: prefill.lines.map((l) => ({ ...l })) });
    setChanged(true);
    // Once, when the page opens with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const create = usePurchaseMutation(purchaseApi.create, { toastErrors: false });
  const createAndSubmit = usePurchaseMutation(purchaseApi.createAndSubmit, { toastErrors: false });
  const update = usePurchaseMutation(purchaseApi.update, { toastErrors: false });
  const submitOrder = usePurchaseMutation(purchaseApi.submit, { toastErrors: false });
  const busy = create.isPending || createAndSubmit.isPending || update.isPending || submitOrder.isPending;

  const payload = (values: FormValues): PurchaseFormValues => ({
    supplierId: values.supplierId!,
    whId: values.whId!,
    expectedTime: values.expectedTime ? values.expectedTime.format('YYYY-MM-DD HH:mm:ss') : null,
    remark: values.remark?.trim() || undefined,
    ...(seesPrice ? { freight: priceText(values.freight) ?? '0', freightAllocation: values.freightAllocation ?? 'AMOUNT' } : {}),
    purchaseDetailDtoList: (values.purchaseDetailDtoList ?? []).map((l) => ({
      skuCode: l.skuCode,
      qty: l.qty ?? 0,
      ...(seesPrice && l.price !== undefined && l.price !== null && l.price !== '' ? { price: String(l.price) } : {}),
      remark: l.remark?.trim() || undefined,
    })),
  });

  const save = async (andSubmit: boolean) => {
    setProblem(null);
    const values = await form.validateFields();
    if (!values.purchaseDetailDtoList?.length) return setProblem(t('purchase:form.noLines'));
    const onError = (error: unknown) => {
      showPurchaseFieldErrors(form, error, TOP_FIELDS);
      setProblem(purchaseErrorMessage(error));
    };
    const done = (view: PurchaseView, message: string) => {
      toast.success(message);
      leaveWithoutAsking(() => navigate(`/purchase?codeKeywords=${encodeURIComponent(view.order.code)}`));
    };
    try {
      if (editingId && existing.data) {
        let view = await update.mutateAsync({ ...payload(values), id: editingId, version: existing.data.order.version });
        if (andSubmit) view = await submitOrder.mutateAsync({ id: view.order.id, version: view.order.version });
        done(view, t(andSubmit ? 'purchase:form.submitted' : 'purchase:form.saved', { code: view.order.code }));
      } else if (andSubmit) {
        const view = await createAndSubmit.mutateAsync(payload(values));
        done(view, t('purchase:form.submitted', { code: view.order.code }));
      } else {
        const view = await create.mutateAsync(payload(values));
        done(view, t('purchase:form.saved', { code: view.order.code }));
      }
    } catch (error) {
      onError(error);
    }
  };

  const addSkus = (picked: SkuPick[]) => {
    const current = (form.getFieldValue('purchaseDetailDtoList') as LineValues[] | undefined) ?? [];
    const known = new Set(current.map((l) => l.skuId));
    form.setFieldValue('purchaseDetailDtoList', [
      ...current,
      ...picked.filter((s) => !known.has(s.id)).map((s) => ({ skuId: s.id, skuCode: s.code, skuName: s.name, specifications: s.specifications, qty: 1, price: null, weight: s.weight })),
    ]);
    setChanged(true);
  };

  const totals = useMemo(() => {
    const qty = lines.reduce((sum, l) => sum + (Number(l?.qty) || 0), 0);
    const amount = lines.reduce((sum, l) => (l?.price && l.qty ? addDecimals(sum, multiplyDecimals(String(l.price), l.qty)) : sum), addDecimals(0, 0));
    return { qty, skus: lines.length, amount: formatDecimal(amount, 4) };
  }, [lines]);

  const watchedFreight = Form.useWatch('freight', form) as string | number | null | undefined;
  const watchedMode = (Form.useWatch('freightAllocation', form) as FreightAllocation | undefined) ?? 'AMOUNT';
  const freight = useMemo(() => freightPreview(lines, watchedFreight, watchedMode), [lines, watchedFreight, watchedMode]);
  const freightProblem =
    freight && !freight.ok
      ? freight.reason === 'WEIGHT_MISSING'
        ? `${lines[freight.index]?.skuCode ?? ''}: ${t('purchase:form.noWeight')}`
        : t('purchase:form.noBasis')
      : null;

  const title = editingId ? t('purchase:form.editTitle', { code: existing.data?.order.code ?? '' }) : t('nav:routes.createPurchaseOrder');

  return (
    <>
      <PageTitle title={title} />
      <Card>
        {existing.error && <Alert type="error" showIcon message={purchaseErrorMessage(existing.error)} style={{ marginBottom: 12 }} />}
        {!editable && <Alert type="warning" showIcon message={t('purchase:form.notEditable')} style={{ marginBottom: 12 }} />}
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
        {prefill && !editingId && <Alert type="info" showIcon message={t('replenish:prefilled')} style={{ marginBottom: 12 }} />}
        <Form<FormValues> form={form} onValuesChange={() => setChanged(true)} layout="vertical" disabled={!editable || busy} initialValues={{ purchaseDetailDtoList: [], freightAllocation: 'AMOUNT' }}>
          <Space wrap size={16} align="start">
            <Form.Item name="supplierId" label={t('purchase:fields.supplier')} rules={[{ required: true, message: t('purchase:form.chooseSupplier') }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 240 }}
                placeholder={t('purchase:form.chooseSupplier')}
                options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
              />
            </Form.Item>
            <Form.Item name="whId" label={t('purchase:fields.warehouse')} rules={[{ required: true, message: t('purchase:form.chooseWarehouse') }]}>
              <WarehouseSelect style={{ width: 240 }} />
            </Form.Item>
            <Form.Item name="expectedTime" label={t('purchase:fields.expectedTime')}>
              <DatePicker showTime style={{ width: 200 }} />
            </Form.Item>
            {seesPrice && (
              <Form.Item name="freight" label={t('purchase:fields.freight')} extra={t('purchase:form.freightHint')} style={{ maxWidth: 360 }}>
                <InputNumber aria-label={t('purchase:fields.freight')} min={0} precision={4} stringMode style={{ width: 160 }} />
              </Form.Item>
            )}
            {seesPrice && (
              <Form.Item name="freightAllocation" label={t('purchase:fields.freightAllocation')}>
                <Select aria-label={t('purchase:fields.freightAllocation')} style={{ width: 160 }} options={FREIGHT_ALLOCATIONS.map((m) => ({ value: m, label: t(`purchase:freightAllocations.${m}`) }))} />
              </Form.Item>
            )}
          </Space>
          {seesPrice && freightProblem && <Alert type="warning" showIcon message={freightProblem} style={{ marginBottom: 12 }} />}
          <Form.Item name="remark" label={t('purchase:fields.remark')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>

          <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('purchase:form.lines', { skus: totals.skus, qty: totals.qty })}
              {seesPrice && totals.skus > 0 && <Typography.Text type="secondary" style={{ marginLeft: 12 }}>{`${t('purchase:fields.amountTotal')}: ${formatMoney(totals.amount)}`}</Typography.Text>}
            </Typography.Title>
            <Space>
              <PurchaseLinesImportButton
                disabled={!editable || busy}
                onLines={(imported) => {
                  const current = (form.getFieldValue('purchaseDetailDtoList') as LineValues[] | undefined) ?? [];
                  form.setFieldValue('purchaseDetailDtoList', mergeImportedLines(current, imported));
                  setChanged(true);
                  toast.success(t('replenish:import.added', { count: imported.length }));
                }}
              />
              <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
                {t('purchase:form.addSkus')}
              </Button>
            </Space>
          </Space>
          <SkuLinesTable<LineValues>
            name="purchaseDetailDtoList"
            lines={lines}
            skuTitle={t('purchase:fields.sku')}
            qty={{
              title: t('purchase:fields.orderedQty'),
              field: 'qty',
              ariaLabel: (line) => t('purchase:form.qtyFor', { sku: line?.skuCode ?? '' }),
              requiredMessage: t('purchase:form.qtyRequired'),
            }}
            extraColumns={[
              ...(seesPrice
                ? [
                    {
                      title: t('purchase:fields.price'),
                      key: 'price',
                      width: 150,
                      render: (_: unknown, field: { name: number }) => (
                        <Form.Item name={[field.name, 'price']} style={{ margin: 0 }}>
                          <InputNumber aria-label={t('purchase:form.priceFor', { sku: lines[field.name]?.skuCode ?? '' })} min={0} precision={4} stringMode style={{ width: 130 }} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('purchase:fields.amount'),
                      key: 'amount',
                      width: 120,
                      align: 'right' as const,
                      render: (_: unknown, field: { name: number }) => {
                        const l = lines[field.name];
                        return l?.price && l.qty ? formatMoney(formatDecimal(multiplyDecimals(String(l.price), l.qty), 4)) : '-';
                      },
                    },
                    {
                      title: t('purchase:fields.freightShare'),
                      key: 'freight',
                      width: 110,
                      align: 'right' as const,
                      render: (_: unknown, field: { name: number }) => {
                        const share = freight?.ok ? freight.lines[field.name] : undefined;
                        return share ? formatMoney(share.freight) : '-';
                      },
                    },
                    {
                      title: t('purchase:fields.landedUnitCost'),
                      key: 'landed',
                      width: 130,
                      align: 'right' as const,
                      render: (_: unknown, field: { name: number }) => {
                        const share = freight?.ok ? freight.lines[field.name] : undefined;
                        return share?.landedUnitCost ? formatMoney(share.landedUnitCost) : '-';
                      },
                    },
                  ]
                : []),
              {
                title: t('purchase:fields.remark'),
                key: 'remark',
                render: (_: unknown, field: { name: number }) => (
                  <Form.Item name={[field.name, 'remark']} style={{ margin: 0 }} rules={[{ max: 200 }]}>
                    <Input />
                  </Form.Item>
                ),
              },
            ]}
            emptyText={t('purchase:form.noLines')}
            removeLabel={t('purchase:form.removeLine')}
          />
        </Form>
        <Space style={{ marginTop: 16 }}>
          <Button loading={create.isPending || update.isPending} disabled={!editable || busy} onClick={() => void save(false)}>
            {t('purchase:form.save')}
          </Button>
          <Button type="primary" loading={createAndSubmit.isPending || submitOrder.isPending} disabled={!editable || busy} onClick={() => void save(true)}>
            {t('purchase:form.saveAndSubmit')}
          </Button>
          <Button onClick={() => navigate('/purchase')}>{t('common:actions.back')}</Button>
        </Space>
      </Card>
      <SkuPicker open={picking} onClose={() => setPicking(false)} isCombination={false} excludeSkuIds={lines.map((l) => l.skuId)} onConfirm={addSkus} />
    </>
  );
}
