// /purchase/create-purchase-return (MENU_PURCHASE): a new purchase return, or with ?id= the edit
// of a draft. A supplier and the warehouse the pieces leave from, then received purchase inbound
// lines of that supplier (asnSearch: what each can still send back), each with a quantity and a
// reason; the cost rule the pieces leave stock at, with what that comes to, before saving.
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, Modal, Radio, Select, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatMoney, PURCHASE_RETURN_COST_RULES, type PurchaseReturnAsnLine, type PurchaseReturnCostRule, type PurchaseReturnView } from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { SkuLinesTable } from '../../../ui/sku-lines-table';
import { leaveWithoutAsking, useUnsavedChanges } from '../../../ui/unsaved-changes';
import { useSupplierOptions } from '../../suppliers/queries';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { showPurchaseFieldErrors, useSeesPurchasePrice } from '../queries';
import { ReturnCostPreview } from '../components/return-cost-preview';
import { purchaseReturnApi, type PurchaseReturnFormValues } from '../return-api';
import { purchaseReturnErrorMessage, usePurchaseReturn, usePurchaseReturnMutation, useReturnableAsnLines } from '../return-queries';

interface LineValues {
  purchaseAsnId: number;
  purchaseAsnDetailId: number;
  skuCode: string;
  skuName: string | null;
  specifications: string | null;
  purchaseCode: string;
  asnCode: string;
  returnableQty: number;
  receiptCost?: string | null;
  averageCost?: string | null;
  qty: number | null;
  returnReason?: string;
}

interface FormValues {
  supplierId?: number;
  whId?: number;
  costRule: PurchaseReturnCostRule;
  remark?: string;
  purchaseReturnDetailDtoList: LineValues[];
}

const TOP_FIELDS = ['supplierId', 'whId', 'costRule', 'remark', 'purchaseReturnDetailDtoList'];

function toLines(view: PurchaseReturnView): LineValues[] {
  return view.lines.map((l) => ({
    purchaseAsnId: l.purchaseAsnId,
    purchaseAsnDetailId: l.purchaseAsnDetailId,
    skuCode: l.skuCode,
    skuName: l.skuName,
    specifications: l.skuSpec,
    purchaseCode: l.purchaseCode,
    asnCode: l.asnCode,
    returnableQty: l.returnableQty,
    receiptCost: l.receiptCost ?? null,
    averageCost: l.averageCost ?? null,
    qty: l.qty,
    returnReason: l.returnReason,
  }));
}

/** Received lines of the supplier in the warehouse that can still go back, to add to the return. */
function AsnLinePicker({ open, supplierId, whId, exclude, onClose, onConfirm }: { open: boolean; supplierId: number; whId: number; exclude: Set<number>; onClose: () => void; onConfirm: (lines: PurchaseReturnAsnLine[]) => void }) {
  const { t } = useTranslation();
  const seesPrice = useSeesPurchasePrice();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [picked, setPicked] = useState<PurchaseReturnAsnLine[]>([]);
  const found = useReturnableAsnLines(open ? { supplierId, whId, ...(keyword ? { keyword } : {}), ...page } : null);
  return (
    <Modal
      open={open}
      width={960}
      title={t('purchasereturn:picker.title')}
      okText={t('purchasereturn:picker.add', { count: picked.length })}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ disabled: !picked.length }}
      onOk={() => {
        onConfirm(picked);
        setPicked([]);
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input.Search allowClear placeholder={t('purchasereturn:picker.keyword')} onSearch={(value) => { setKeyword(value.trim()); setPage((p) => ({ ...p, currentPage: 1 })); }} style={{ width: 320, marginBottom: 12 }} />
      {found.error && <Alert type="error" showIcon message={purchaseReturnErrorMessage(found.error)} style={{ marginBottom: 12 }} />}
      <Table<PurchaseReturnAsnLine>
        rowKey="purchaseAsnDetailId"
        size="small"
        loading={found.isFetching}
        dataSource={found.data?.voList ?? []}
        rowSelection={{
          selectedRowKeys: picked.map((p) => p.purchaseAsnDetailId),
          getCheckboxProps: (l) => ({ disabled: exclude.has(l.purchaseAsnDetailId) }),
          onChange: (_, rows) => setPicked(rows),
        }}
        locale={{ emptyText: t('purchasereturn:picker.empty') }}
        pagination={{ current: page.currentPage, pageSize: page.pageSize, total: found.data?.total ?? 0, onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }) }}
        columns={[
          { title: t('purchasereturn:fields.sku'), key: 'sku', render: (_, l) => <Space direction="vertical" size={0}><Typography.Text strong>{l.skuCode}</Typography.Text><Typography.Text type="secondary">{[l.skuName, l.skuSpec].filter(Boolean).join(' · ')}</Typography.Text></Space> },
          { title: t('purchasereturn:fields.purchaseCode'), dataIndex: 'purchaseCode' },
          { title: t('purchasereturn:fields.asnCode'), dataIndex: 'asnCode' },
          { title: t('purchasereturn:fields.receivedQty'), dataIndex: 'receivedQty', align: 'right' },
          { title: t('purchasereturn:fields.returnedQty'), dataIndex: 'returnedQty', align: 'right' },
          { title: t('purchasereturn:fields.returnableQty'), dataIndex: 'returnableQty', align: 'right' },
          ...(seesPrice ? [{ title: t('purchasereturn:fields.receiptCost'), key: 'receiptCost', align: 'right' as const, render: (_: unknown, l: PurchaseReturnAsnLine) => (l.receiptCost ? formatMoney(l.receiptCost) : '-') }] : []),
        ]}
      />
    </Modal>
  );
}

export default function CreatePurchaseReturnPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editingId = Number(params.get('id')) || null;
  const [form] = Form.useForm<FormValues>();
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);
  const seesPrice = useSeesPurchasePrice();
  const suppliers = useSupplierOptions(false);
  const existing = usePurchaseReturn(editingId);
  const watchedLines = Form.useWatch('purchaseReturnDetailDtoList', { form, preserve: true }) as LineValues[] | undefined;
  const lines = useMemo(() => watchedLines ?? [], [watchedLines]);
  const supplierId = Form.useWatch('supplierId', form);
  const whId = Form.useWatch('whId', form);
  const costRule = (Form.useWatch('costRule', form) as PurchaseReturnCostRule | undefined) ?? 'RECEIPT_COST';
  const editable = !existing.data || existing.data.purchaseReturn.status === 'DRAFT';

  useEffect(() => {
    const view = existing.data;
    if (!view) return;
    setChanged(false);
    form.setFieldsValue({ supplierId: view.purchaseReturn.supplierId, whId: view.purchaseReturn.whId, costRule: view.purchaseReturn.costRule, remark: view.purchaseReturn.remark ?? '', purchaseReturnDetailDtoList: toLines(view) });
  }, [existing.data, form]);

  const create = usePurchaseReturnMutation(purchaseReturnApi.create, { toastErrors: false });
  const createAndSubmit = usePurchaseReturnMutation(purchaseReturnApi.createAndSubmit, { toastErrors: false });
  const update = usePurchaseReturnMutation(purchaseReturnApi.update, { toastErrors: false });
  const submitReturn = usePurchaseReturnMutation(purchaseReturnApi.submit, { toastErrors: false });
  const busy = create.isPending || createAndSubmit.isPending || update.isPending || submitReturn.isPending;

  const payload = (values: FormValues): PurchaseReturnFormValues => ({
    supplierId: values.supplierId!,
    whId: values.whId!,
    costRule: values.costRule,
    remark: values.remark?.trim() || undefined,
    purchaseReturnDetailDtoList: (values.purchaseReturnDetailDtoList ?? []).map((l) => ({
      purchaseAsnId: l.purchaseAsnId,
      purchaseAsnDetailId: l.purchaseAsnDetailId,
      skuCode: l.skuCode,
      qty: l.qty ?? 0,
      returnReason: l.returnReason?.trim() ?? '',
    })),
  });

  const save = async (andSubmit: boolean) => {
    setProblem(null);
    const validated = await form.validateFields();
    // validateFields answers only the fields with inputs; the lines' sources (notice, line) are in the store.
    const values: FormValues = { ...validated, purchaseReturnDetailDtoList: (form.getFieldValue('purchaseReturnDetailDtoList') as LineValues[] | undefined) ?? [] };
    if (!values.purchaseReturnDetailDtoList.length) return setProblem(t('purchasereturn:form.noLines'));
    const done = (view: PurchaseReturnView, message: string) => {
      toast.success(message);
      leaveWithoutAsking(() => navigate(`/purchase?tab=returns&open=${view.purchaseReturn.id}`));
    };
    try {
      if (editingId && existing.data) {
        let view = await update.mutateAsync({ ...payload(values), id: editingId, version: existing.data.purchaseReturn.version });
        if (andSubmit) view = await submitReturn.mutateAsync({ id: view.purchaseReturn.id, version: view.purchaseReturn.version });
        done(view, t(andSubmit ? 'purchasereturn:form.submitted' : 'purchasereturn:form.saved', { code: view.purchaseReturn.code }));
      } else {
        const view = await (andSubmit ? createAndSubmit : create).mutateAsync(payload(values));
        done(view, t(andSubmit ? 'purchasereturn:form.submitted' : 'purchasereturn:form.saved', { code: view.purchaseReturn.code }));
      }
    } catch (error) {
      showPurchaseFieldErrors(form, error, TOP_FIELDS, 'purchaseReturnDetailDtoList');
      setProblem(purchaseReturnErrorMessage(error));
    }
  };

  const addLines = (picked: PurchaseReturnAsnLine[]) => {
    const current = (form.getFieldValue('purchaseReturnDetailDtoList') as LineValues[] | undefined) ?? [];
    const known = new Set(current.map((l) => l.purchaseAsnDetailId));
    form.setFieldValue('purchaseReturnDetailDtoList', [
      ...current,
      ...picked
        .filter((l) => !known.has(l.purchaseAsnDetailId))
        .map((l) => ({
          purchaseAsnId: l.purchaseAsnId,
          purchaseAsnDetailId: l.purchaseAsnDetailId,
          skuCode: l.skuCode,
          skuName: l.skuName,
          specifications: l.skuSpec,
          purchaseCode: l.purchaseCode,
          asnCode: l.asnCode,
          returnableQty: l.returnableQty,
          receiptCost: l.receiptCost ?? null,
          averageCost: l.averageCost ?? null,
          qty: 1,
          returnReason: '',
        })),
    ]);
    setPicking(false);
    setChanged(true);
  };

  // A change of supplier or warehouse leaves lines that no longer fit: start the lines again.
  const clearLines = () => form.setFieldValue('purchaseReturnDetailDtoList', []);
  const title = editingId ? t('purchasereturn:form.editTitle', { code: existing.data?.purchaseReturn.code ?? '' }) : t('nav:routes.createPurchaseReturn');
  const qtyTotal = lines.reduce((sum, l) => sum + (Number(l?.qty) || 0), 0);

  return (
    <>
      <PageTitle title={title} />
      <Card>
        {existing.error && <Alert type="error" showIcon message={purchaseReturnErrorMessage(existing.error)} style={{ marginBottom: 12 }} />}
        {!editable && <Alert type="warning" showIcon message={t('purchasereturn:form.notEditable')} style={{ marginBottom: 12 }} />}
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
        <Form<FormValues> form={form} onValuesChange={() => setChanged(true)} layout="vertical" disabled={!editable || busy} initialValues={{ costRule: 'RECEIPT_COST', purchaseReturnDetailDtoList: [] }}>
          <Space wrap size={16} align="start">
            <Form.Item name="supplierId" label={t('purchasereturn:fields.supplier')} rules={[{ required: true, message: t('purchasereturn:form.chooseSupplier') }]}>
              <Select showSearch={{ optionFilterProp: 'label' }} style={{ width: 240 }} placeholder={t('purchasereturn:form.chooseSupplier')} onChange={clearLines} options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))} />
            </Form.Item>
            <Form.Item name="whId" label={t('purchasereturn:fields.warehouse')} rules={[{ required: true, message: t('purchasereturn:form.chooseWarehouse') }]}>
              <WarehouseSelect style={{ width: 240 }} onChange={clearLines} />
            </Form.Item>
            <Form.Item name="costRule" label={t('purchasereturn:fields.costRule')}>
              <Radio.Group options={PURCHASE_RETURN_COST_RULES.map((r) => ({ value: r, label: t(`purchasereturn:costRules.${r}`) }))} />
            </Form.Item>
          </Space>
          <Form.Item name="remark" label={t('purchasereturn:fields.remark')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('purchasereturn:form.lines', { lines: lines.length, qty: qtyTotal })}
            </Typography.Title>
            <Button icon={<PlusOutlined />} disabled={!supplierId || !whId || !editable} onClick={() => setPicking(true)}>
              {t('purchasereturn:form.addLines')}
            </Button>
          </Space>
          {(!supplierId || !whId) && <Typography.Paragraph type="secondary">{t('purchasereturn:form.chooseFirst')}</Typography.Paragraph>}
          <SkuLinesTable<LineValues>
            name="purchaseReturnDetailDtoList"
            lines={lines}
            skuTitle={t('purchasereturn:fields.sku')}
            sourceColumns={[
              { title: t('purchasereturn:fields.purchaseCode'), key: 'purchaseCode', width: 160, render: (_: unknown, field: { name: number }) => lines[field.name]?.purchaseCode },
              { title: t('purchasereturn:fields.asnCode'), key: 'asnCode', width: 160, render: (_: unknown, field: { name: number }) => lines[field.name]?.asnCode },
            ]}
            qty={{
              title: t('purchasereturn:fields.qty'),
              field: 'qty',
              ariaLabel: (line) => t('purchasereturn:form.qtyFor', { sku: line?.skuCode ?? '' }),
              requiredMessage: t('purchasereturn:form.qtyRequired'),
              max: (line) => Math.max(1, line?.returnableQty ?? 1),
              hint: (line) => t('purchasereturn:form.returnable', { qty: line?.returnableQty ?? 0 }),
            }}
            extraColumns={[
              {
                title: t('purchasereturn:fields.returnReason'),
                key: 'returnReason',
                render: (_: unknown, field: { name: number }) => (
                  <Form.Item name={[field.name, 'returnReason']} style={{ margin: 0 }} rules={[{ required: true, whitespace: true, message: t('purchasereturn:form.reasonRequired') }, { max: 200 }]}>
                    <Input aria-label={t('purchasereturn:form.reasonFor', { sku: lines[field.name]?.skuCode ?? '' })} maxLength={200} />
                  </Form.Item>
                ),
              },
            ]}
            emptyText={t('purchasereturn:form.noLines')}
            removeLabel={t('purchasereturn:form.removeLine')}
            scrollX={1000}
          />
          {lines.length > 0 && (
            <div style={{ marginTop: 16 }}>
              <ReturnCostPreview lines={lines.map((l) => ({ skuCode: l.skuCode, qty: Number(l.qty) || 0, receiptCost: l.receiptCost ?? null, averageCost: l.averageCost ?? null }))} rule={costRule} seesPrice={seesPrice} />
            </div>
          )}
        </Form>
        <Space style={{ marginTop: 16 }}>
          <Button loading={create.isPending || update.isPending} disabled={!editable || busy} onClick={() => void save(false)}>
            {t('purchasereturn:form.save')}
          </Button>
          <Button type="primary" loading={createAndSubmit.isPending || submitReturn.isPending} disabled={!editable || busy} onClick={() => void save(true)}>
            {t('purchasereturn:form.saveAndSubmit')}
          </Button>
          <Button onClick={() => navigate('/purchase?tab=returns')}>{t('common:actions.back')}</Button>
        </Space>
      </Card>
      {supplierId && whId ? <AsnLinePicker open={picking} supplierId={supplierId} whId={whId} exclude={new Set(lines.map((l) => l.purchaseAsnDetailId))} onClose={() => setPicking(false)} onConfirm={addLines} /> : null}
    </>
  );
}
