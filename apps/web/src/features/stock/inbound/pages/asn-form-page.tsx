// /stocks/createstocksin (MENU_ASN_CREATE): a new inbound notice, or with ?id= the edit of a CREATED
// notice nothing was received on. /stocks/createStockAftersale uses the same form for ASN_AFTERSALE.
// Lines are SKUs chosen with the goods picker, each with its noticed pieces, unit price (for those
// who may see purchase prices), planned location and lot. "Save and receive" receives every line
// at once (a seller-run warehouse only).
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { ASN_TYPES, formatDecimal, formatMoney, multiplyDecimals, type AsnType, type AsnView, type WarehouseType } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { PageTitle } from '../../../../ui/page-title';
import { SkuLinesTable } from '../../../../ui/sku-lines-table';
import { leaveWithoutAsking, useUnsavedChanges } from '../../../../ui/unsaved-changes';
import { SkuPicker, type SkuPick } from '../../../goods/components/sku-picker';
import { WarehouseSelect } from '../../../warehouses/components/warehouse-select';
import { useLocations, useWarehouseOptions } from '../../../warehouses/queries';
import { inboundApi, type AsnFormValues } from '../api';
import { inboundErrorMessage, showAsnFieldErrors, useAsn, useAsnSupplierOptions, useInboundMutation, useSeesPrices } from '../queries';

interface LineValues {
  skuId: number;
  skuCode: string;
  skuName: string | null;
  specifications: string | null;
  qty: number | null;
  price?: string | number | null;
  locationId?: number | null;
  lotAttNO?: string | null;
  remark?: string | null;
}

interface FormValues {
  whId?: number;
  asnType: AsnType;
  supplierId?: number | null;
  purchaseCode?: string;
  expectedTime?: Dayjs | null;
  remark?: string;
  asnDetails: LineValues[];
}

const TOP_FIELDS = ['whId', 'asnType', 'supplierId', 'purchaseCode', 'expectedTime', 'remark', 'asnDetails'];

function toLines(asn: AsnView): LineValues[] {
  return asn.asnDetails.map((d) => ({
    skuId: d.skuId,
    skuCode: d.skuCode,
    skuName: d.skuName,
    specifications: d.specifications,
    qty: d.qty,
    price: d.price ?? null,
    locationId: d.locationId,
    lotAttNO: d.lotAttNO,
    remark: d.remark,
  }));
}

export function AsnFormPage({ afterSale = false }: { afterSale?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editingId = Number(params.get('id')) || null;
  const [form] = Form.useForm<FormValues>();
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Changed by the user since the page loaded (loading uses setFieldsValue, which is not a change).
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);
  const seesPrices = useSeesPrices();
  const suppliers = useAsnSupplierOptions();
  const warehouses = useWarehouseOptions(false);
  const existing = useAsn(editingId);
  const whId = Form.useWatch('whId', form);
  const watchedLines = Form.useWatch('asnDetails', { form, preserve: true }) as LineValues[] | undefined;
  const lines = useMemo(() => watchedLines ?? [], [watchedLines]);
  const locations = useLocations({ warehouseId: whId ?? -1, currentPage: 1, pageSize: 1000 }, !!whId);
  const locationOptions = (locations.data?.voList ?? []).map((l) => ({ value: l.id, label: l.code }));
  const warehouseType: WarehouseType | undefined = warehouses.data?.find((w) => w.id === whId)?.type;
  const selfRun = warehouseType === 'SELF_WAREHOUSE';

  const editable = !existing.data || (existing.data.statusId === 'CI_ASN_STATUS_CREATED' && existing.data.receivedQtyTotal === 0 && existing.data.syncStatus !== 'SENDING');

  useEffect(() => {
    const asn = existing.data;
    if (!asn) return;
    setChanged(false);
    form.setFieldsValue({
      whId: asn.whId,
      asnType: asn.asnType,
      supplierId: asn.supplierId,
      purchaseCode: asn.purchaseCode ?? '',
      expectedTime: asn.expectedTime ? dayjs(asn.expectedTime) : null,
      remark: asn.remark ?? '',
      asnDetails: toLines(asn),
    });
  }, [existing.data, form]);

  const create = useInboundMutation(inboundApi.create, { toastErrors: false });
  const edit = useInboundMutation(inboundApi.edit, { toastErrors: false });
  const createAndReceipt = useInboundMutation(inboundApi.createAndReceipt, { toastErrors: false });
  const busy = create.isPending || edit.isPending || createAndReceipt.isPending;

  const payload = (values: FormValues): AsnFormValues => ({
    whId: values.whId!,
    asnType: afterSale ? 'ASN_AFTERSALE' : values.asnType,
    supplierId: values.supplierId ?? null,
    purchaseCode: values.purchaseCode?.trim() || undefined,
    expectedTime: values.expectedTime ? values.expectedTime.format('YYYY-MM-DD HH:mm:ss') : null,
    remark: values.remark?.trim() || undefined,
    asnDetails: (values.asnDetails ?? []).map((l) => ({
      skuId: l.skuId,
      qty: l.qty ?? 0,
      ...(seesPrices && l.price !== undefined && l.price !== null && l.price !== '' ? { price: String(l.price) } : {}),
      locationId: l.locationId ?? null,
      lotAttNO: l.lotAttNO?.trim() || undefined,
      remark: l.remark?.trim() || undefined,
    })),
  });

  const submit = async (receiveNow: boolean) => {
    setProblem(null);
    const values = await form.validateFields();
    if (!values.asnDetails?.length) return setProblem(t('inbound:form.noLines'));
    const onError = (error: unknown) => {
      showAsnFieldErrors(form, error, TOP_FIELDS);
      setProblem(inboundErrorMessage(error));
    };
    const done = (asn: AsnView, message: string) => {
      toast.success(message);
      leaveWithoutAsking(() => navigate(`/stocks?activeKey=2&codeKeywords=${encodeURIComponent(asn.code)}`));
    };
    if (editingId && existing.data) {
      edit.mutate({ ...payload(values), id: editingId, version: existing.data.version }, { onSuccess: (asn) => done(asn, t('inbound:form.saved', { code: asn.code })), onError });
    } else if (receiveNow) {
      createAndReceipt.mutate(payload(values), { onSuccess: (asn) => done(asn, t('inbound:form.savedAndReceived', { code: asn.code })), onError });
    } else {
      create.mutate(payload(values), { onSuccess: (asn) => done(asn, t('inbound:form.created', { code: asn.code })), onError });
    }
  };

  const addSkus = (picked: SkuPick[]) => {
    const current = (form.getFieldValue('asnDetails') as LineValues[] | undefined) ?? [];
    const known = new Set(current.map((l) => l.skuId));
    form.setFieldValue('asnDetails', [
      ...current,
      ...picked.filter((s) => !known.has(s.id)).map((s) => ({ skuId: s.id, skuCode: s.code, skuName: s.name, specifications: s.specifications, qty: 1, price: null, locationId: null })),
    ]);
    setChanged(true);
  };

  const totals = useMemo(() => {
    const qty = lines.reduce((sum, l) => sum + (Number(l?.qty) || 0), 0);
    return { qty, skus: lines.length };
  }, [lines]);

  const title = editingId ? t('inbound:form.editTitle', { code: existing.data?.code ?? '' }) : afterSale ? t('nav:routes.createStockAftersale') : t('nav:routes.createStocksIn');

  return (
    <>
      <PageTitle title={title} />
      <Card>
        {existing.error && <Alert type="error" showIcon message={inboundErrorMessage(existing.error)} style={{ marginBottom: 12 }} />}
        {!editable && <Alert type="warning" showIcon message={t('inbound:form.notEditable')} style={{ marginBottom: 12 }} />}
        {afterSale && <Alert type="info" showIcon message={t('inbound:form.afterSaleHint')} style={{ marginBottom: 12 }} />}
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
        <Form<FormValues> form={form} onValuesChange={() => setChanged(true)} layout="vertical" disabled={!editable || busy} initialValues={{ asnType: afterSale ? 'ASN_AFTERSALE' : 'ASN_PURCHASE', asnDetails: [] }}>
          <Space wrap size={16} align="start">
            <Form.Item name="whId" label={t('inbound:fields.warehouse')} rules={[{ required: true, message: t('inbound:form.chooseWarehouse') }]}>
              <WarehouseSelect style={{ width: 240 }} onChange={() => form.setFieldsValue({ asnDetails: lines.map((l) => ({ ...l, locationId: null })) })} />
            </Form.Item>
            <Form.Item name="asnType" label={t('inbound:fields.asnType')} rules={[{ required: true }]}>
              <Select style={{ width: 160 }} disabled={afterSale} options={ASN_TYPES.map((v) => ({ value: v, label: t(`inbound:types.${v}`) }))} />
            </Form.Item>
            <Form.Item name="supplierId" label={t('inbound:fields.supplier')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 220 }}
                placeholder={t('inbound:form.supplierOptional')}
                options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
              />
            </Form.Item>
            <Form.Item name="purchaseCode" label={t('inbound:fields.purchaseCode')} rules={[{ max: 64 }]}>
              <Input style={{ width: 180 }} allowClear />
            </Form.Item>
            <Form.Item name="expectedTime" label={t('inbound:fields.expectedTime')}>
              <DatePicker showTime style={{ width: 200 }} />
            </Form.Item>
          </Space>
          <Form.Item name="remark" label={t('inbound:fields.remark')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>

          <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('inbound:form.lines', { skus: totals.skus, qty: totals.qty })}
            </Typography.Title>
            <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
              {t('inbound:form.addSkus')}
            </Button>
          </Space>
          <SkuLinesTable<LineValues>
            name="asnDetails"
            lines={lines}
            skuTitle={t('inbound:fields.sku')}
            skuField="skuId"
            qty={{
              title: t('inbound:fields.noticed'),
              field: 'qty',
              ariaLabel: (line) => t('inbound:receipt.qtyFor', { sku: line?.skuCode ?? '' }),
              requiredMessage: t('inbound:form.qtyRequired'),
            }}
            extraColumns={[
              ...(seesPrices
                ? [
                    {
                      title: t('inbound:fields.price'),
                      key: 'price',
                      width: 140,
                      render: (_: unknown, field: { name: number }) => (
                        <Form.Item name={[field.name, 'price']} style={{ margin: 0 }}>
                          <InputNumber aria-label={t('inbound:fields.priceFor', { sku: lines[field.name]?.skuCode ?? '' })} min={0} precision={4} stringMode style={{ width: 120 }} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('inbound:fields.amount'),
                      key: 'amount',
                      width: 110,
                      align: 'right' as const,
                      render: (_: unknown, field: { name: number }) => {
                        const l = lines[field.name];
                        return l?.price && l.qty ? formatMoney(formatDecimal(multiplyDecimals(String(l.price), l.qty), 4)) : '-';
                      },
                    },
                  ]
                : []),
              {
                title: t('inbound:fields.plannedLocation'),
                key: 'location',
                width: 170,
                render: (_: unknown, field: { name: number }) => (
                  <Form.Item name={[field.name, 'locationId']} style={{ margin: 0 }}>
                    <Select
                      allowClear
                      showSearch={{ optionFilterProp: 'label' }}
                      disabled={!whId || !locationOptions.length}
                      placeholder={!whId ? t('inbound:form.chooseWarehouseFirst') : locationOptions.length ? t('inbound:fields.location') : t('inbound:form.noLocations')}
                      style={{ width: 150 }}
                      options={locationOptions}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('inbound:fields.lotAttNO'),
                key: 'lot',
                width: 130,
                render: (_: unknown, field: { name: number }) => (
                  <Form.Item name={[field.name, 'lotAttNO']} style={{ margin: 0 }} rules={[{ max: 50 }]}>
                    <Input style={{ width: 110 }} />
                  </Form.Item>
                ),
              },
              {
                title: t('inbound:fields.remark'),
                key: 'remark',
                render: (_: unknown, field: { name: number }) => (
                  <Form.Item name={[field.name, 'remark']} style={{ margin: 0 }} rules={[{ max: 200 }]}>
                    <Input />
                  </Form.Item>
                ),
              },
            ]}
            emptyText={t('inbound:form.noLines')}
            removeLabel={t('inbound:form.removeLine')}
            scrollX={1000}
          />
        </Form>
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" loading={create.isPending || edit.isPending} disabled={!editable} onClick={() => void submit(false)}>
            {editingId ? t('common:actions.save') : t('inbound:form.create')}
          </Button>
          {!editingId && (
            <Button loading={createAndReceipt.isPending} disabled={!selfRun} title={selfRun ? undefined : t('inbound:form.receiveSelfOnly')} onClick={() => void submit(true)}>
              {t('inbound:form.createAndReceive')}
            </Button>
          )}
          <Button onClick={() => navigate('/stocks?activeKey=2')}>{t('common:actions.back')}</Button>
        </Space>
        {!editingId && whId && !selfRun && <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>{t('inbound:form.warehouseSystemHint')}</Typography.Paragraph>}
      </Card>
      <SkuPicker open={picking} onClose={() => setPicking(false)} isCombination={false} excludeSkuIds={lines.map((l) => l.skuId)} onConfirm={addSkus} />
    </>
  );
}

export default function CreateStocksInPage() {
  return <AsnFormPage />;
}
