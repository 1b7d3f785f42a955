// Print templates (/config/templates, menu MENU_PRINT_TEMPLATE): the list (system templates at the
// default sizes are read-only; they can be copied and made a courier's default) and the visual
// editor: label size, offsets, font size, goods per page, courier, and the fields placed on a canvas
// by dragging; the preview shows a real order (found by its code) or sample data, and prints a
// test page at the exact size.
import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Col, Empty, Form, Input, InputNumber, Popconfirm, Row, Select, Slider, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { appliedOffsets, offsetsLimited, PRINT_DEFAULTS, PRINT_FIELDS, PRINT_TEMPLATE_KINDS, QR_FIELDS, type OrderRow, type OrderSearchParams, type PrintElement, type PrintField, type PrintTemplateRow, type PrintTemplateSave } from '@openseller/core';
import { ApiError } from '../../../../app/request';
import { toast } from '../../../../app/toast';
import { PageTitle } from '../../../../ui/page-title';
import { useUnsavedChanges } from '../../../../ui/unsaved-changes';
import { applyServerFieldErrors } from '../../../accounts/components/form-errors';
import { ExpressCompanySelect } from '../../../express/components/express-company-select';
import { orderListApi } from '../../list/api';
import { printTemplatesApi } from '../api';
import { TemplateCanvas } from '../components/template-canvas';
import { printDocument, printHtml, SAMPLE_VALUES } from '../label-html';
import { printErrorMessage, usePrintMutation, usePrintTemplates } from '../queries';

type Head = Omit<PrintTemplateSave, 'elements'>;
const round1 = (v: number) => Math.round(v * 10) / 10;
const NEW: Head = { name: '', kind: 'WAYBILL', width: 100, height: 60, xOffset: PRINT_DEFAULTS.offset, yOffset: PRINT_DEFAULTS.offset, fontSize: PRINT_DEFAULTS.fontSize, expressCompanyCode: null, isDefault: false, goodsPerPage: null };

/** The label values of an order row (the receiver as the list shows it). */
function valuesOf(o: OrderRow): Record<string, string> {
  return {
    ...SAMPLE_VALUES,
    receiverName: o.receiverName ?? '',
    receiverPhone: o.receiverPhone ?? '',
    receiverAddress: [o.receiverProvince, o.receiverCity, o.receiverDistrict, o.receiverAddress].filter(Boolean).join(' '),
    senderName: o.warehouseName ?? '',
    orderCode: o.code,
    platformNo: o.platformNos.join(','),
    expressNo: o.expressNo ?? SAMPLE_VALUES.expressNo,
    expressNoQr: o.expressNo ?? SAMPLE_VALUES.expressNo,
    expressCompany: o.expressCompanyCode ?? '',
    itemsSummary: o.lines.map((l) => `${l.skuCode ?? l.title ?? ''}×${l.qty}`).join('; '),
    buyerMessage: o.buyerMessage ?? '',
    sellerRemark: o.sellerRemark ?? '',
  };
}

function Editor({ template, onSaved, onClose }: { template: PrintTemplateRow | null; onSaved: (t: PrintTemplateRow) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Head>();
  const readOnly = !!template?.system;
  const [elements, setElements] = useState<PrintElement[]>(template?.elements ?? []);
  const [loadedElements] = useState(elements);
  const [headChanged, setHeadChanged] = useState(false);
  // A saved template opens again as a new editor (a new key), so this editor is never reset.
  useUnsavedChanges(!readOnly && (headChanged || elements !== loadedElements));
  const [selected, setSelected] = useState<number | null>(null);
  const [zoom, setZoom] = useState(1);
  const [preview, setPreview] = useState<{ code: string; values: Record<string, string> } | null>(null);
  const head = Form.useWatch([], form) as Head | undefined;
  const save = usePrintMutation((input: PrintTemplateSave & { id?: number; version?: number }) => printTemplatesApi.save(input));
  const layout = { ...NEW, ...(template ?? {}), ...(head ?? {}), elements };
  const values = preview?.values ?? SAMPLE_VALUES;
  const labelOf = (f: string) => t(`printing:fields.${f}`);
  const patch = (i: number, p: Partial<PrintElement>) => setElements((els) => els.map((e, k) => (k === i ? { ...e, ...p } : e)));
  const el = selected !== null ? elements[selected] : undefined;

  function add(field: PrintField) {
    const qr = !!QR_FIELDS[field];
    const w = Math.min(qr ? 20 : field === 'expressNo' ? 60 : 40, layout.width);
    const h = Math.min(qr ? 20 : field === 'expressNo' ? 12 : 6, layout.height);
    setElements((els) => [...els, { field, x: 0, y: 0, w, h, fontSize: layout.fontSize, bold: false }]);
    setSelected(elements.length);
  }

  async function findOrder(code: string) {
    if (!code.trim()) return setPreview(null);
    const page = await orderListApi.search({ activeKey: '2', codeKeywords: code.trim(), currentPage: 1, pageSize: 1 } as unknown as OrderSearchParams).catch(() => null);
    const o = page?.voList[0];
    if (!o) return toast.error(t('printing:editor.orderNotFound', { code }));
    setPreview({ code: o.code, values: valuesOf(o) });
  }

  async function submit() {
    const v = await form.validateFields();
    const input = { ...v, elements, ...(template && !template.system && template.id ? { id: template.id, version: template.version } : {}) };
    save.mutate(input, {
      onSuccess: (r) => {
        toast.success(t('printing:editor.saved'));
        onSaved(r);
      },
      onError: (e) => {
        if (e instanceof ApiError && typeof e.params.field === 'string' && e.params.field.startsWith('elements.')) {
          const index = Number(e.params.field.split('.')[1]);
          setSelected(Number.isFinite(index) ? index : null);
        }
        if (!(e instanceof ApiError) || !applyServerFieldErrors(form, e)) toast.error(printErrorMessage(e));
      },
    });
  }

  const num = (name: keyof Head, label: string, min: number, max: number, extra: object = {}) => (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('printing:validation.required', { field: label }) }]} style={{ marginBottom: 8 }}>
      <InputNumber min={min} max={max} step={0.5} disabled={readOnly} style={{ width: 110 }} {...extra} />
    </Form.Item>
  );

  return (
    <Card
      size="small"
      title={template?.id ? (readOnly ? `${template.name} · ${t('printing:list.system')}` : template.name) : t('printing:editor.new')}
      extra={
        <Space>
          <Button onClick={() => printHtml(printDocument(layout, [values], layout.name || 'test'))}>{t('printing:editor.testPrint')}</Button>
          {!readOnly && (
            <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
              {t('common:actions.save')}
            </Button>
          )}
          <Button onClick={onClose}>{t('printing:editor.close')}</Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={template ? { ...template, isDefault: false } : NEW} onValuesChange={() => setHeadChanged(true)}>
        <Space wrap align="start">
          <Form.Item name="name" label={t('printing:fields.name')} rules={[{ required: true, whitespace: true, message: t('printing:validation.required', { field: t('printing:fields.name') }) }, { max: 50 }]} style={{ marginBottom: 8 }}>
            <Input disabled={readOnly} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="kind" label={t('printing:fields.kind')} style={{ marginBottom: 8 }}>
            <Select disabled={readOnly} style={{ width: 150 }} options={PRINT_TEMPLATE_KINDS.map((k) => ({ value: k, label: t(`printing:kinds.${k}`) }))} />
          </Form.Item>
          {num('width', t('printing:fields.width'), 1, 500, { suffix: 'mm' })}
          {num('height', t('printing:fields.height'), 1, 500, { suffix: 'mm' })}
          {num('xOffset', t('printing:fields.xOffset'), -50, 50, { suffix: 'mm' })}
          {num('yOffset', t('printing:fields.yOffset'), -50, 50, { suffix: 'mm' })}
          {num('fontSize', t('printing:fields.fontSize'), 5, 72, { step: 1, precision: 0 })}
          <Form.Item name="goodsPerPage" label={t('printing:fields.goodsPerPage')} style={{ marginBottom: 8 }}>
            <InputNumber min={1} max={100} precision={0} disabled={readOnly} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="expressCompanyCode" label={t('printing:fields.expressCompanyCode')} style={{ marginBottom: 8 }}>
            <ExpressCompanySelect valueField="code" allowClear disabled={readOnly} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="isDefault" valuePropName="checked" label=" " style={{ marginBottom: 8 }}>
            <Checkbox disabled={readOnly}>{t('printing:fields.isDefault')}</Checkbox>
          </Form.Item>
        </Space>
      </Form>
      <Row gutter={16}>
        <Col flex="180px">
          <Typography.Text strong>{t('printing:editor.fields')}</Typography.Text>
          <Space direction="vertical" size={4} style={{ width: '100%', marginTop: 8 }}>
            {PRINT_FIELDS.map((f) => (
              <Button key={f} size="small" block disabled={readOnly} icon={<PlusOutlined />} onClick={() => add(f)} style={{ textAlign: 'left' }}>
                {labelOf(f)}
              </Button>
            ))}
          </Space>
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Space wrap style={{ marginBottom: 8 }}>
            <span>{t('printing:editor.zoom')}</span>
            <Slider min={0.5} max={3} step={0.25} value={zoom} onChange={setZoom} style={{ width: 140 }} />
            <Input.Search placeholder={t('printing:editor.previewOrder')} allowClear style={{ width: 260 }} onSearch={(v) => void findOrder(v)} />
            <Typography.Text type="secondary">{preview ? t('printing:editor.previewOf', { code: preview.code }) : t('printing:editor.sample')}</Typography.Text>
          </Space>
          <TemplateCanvas layout={layout} values={values} zoom={zoom} selected={selected} onSelect={readOnly ? () => undefined : setSelected} onChange={readOnly ? () => undefined : patch} labelOf={labelOf} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('printing:editor.help', { rate: PRINT_DEFAULTS.pxPerMm })}
          </Typography.Paragraph>
          {offsetsLimited(layout) && (
            <Typography.Paragraph type="warning" role="status">
              {t('printing:editor.offsetsLimited', { x: round1(appliedOffsets(layout).x), y: round1(appliedOffsets(layout).y) })}
            </Typography.Paragraph>
          )}
          {el && selected !== null && !readOnly && (
            <Card size="small" title={labelOf(el.field)}>
              <Space wrap>
                {(['x', 'y', 'w', 'h'] as const).map((k) => (
                  <span key={k}>
                    {t(`printing:element.${k}`)}{' '}
                    <InputNumber aria-label={t(`printing:element.${k}`)} size="small" min={k === 'w' || k === 'h' ? 1 : 0} max={500} step={0.5} value={el[k]} onChange={(v) => patch(selected, { [k]: v ?? 0 })} suffix="mm" style={{ width: 100 }} />
                  </span>
                ))}
                <span>
                  {t('printing:fields.fontSize')} <InputNumber aria-label={t('printing:fields.fontSize')} size="small" min={5} max={72} value={el.fontSize} onChange={(v) => patch(selected, { fontSize: v ?? PRINT_DEFAULTS.fontSize })} style={{ width: 70 }} />
                </span>
                <Checkbox checked={el.bold} onChange={(e) => patch(selected, { bold: e.target.checked })}>
                  {t('printing:element.bold')}
                </Checkbox>
                <Button
                  size="small"
                  danger
                  onClick={() => {
                    setElements((els) => els.filter((_, k) => k !== selected));
                    setSelected(null);
                  }}
                >
                  {t('printing:element.remove')}
                </Button>
              </Space>
            </Card>
          )}
        </Col>
      </Row>
    </Card>
  );
}

export default function PrintTemplatesPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const list = usePrintTemplates({ currentPage: page, pageSize: 20, ...(keyword ? { keyword } : {}) });
  const [editing, setEditing] = useState<{ template: PrintTemplateRow | null; key: number } | null>(null);
  const [defaultFor, setDefaultFor] = useState<Record<number, string>>({});
  const remove = usePrintMutation(printTemplatesApi.remove);
  const setDefault = usePrintMutation(printTemplatesApi.setDefault);
  const open = (template: PrintTemplateRow | null) => setEditing({ template, key: Date.now() });
  useEffect(() => setPage(1), [keyword]);

  return (
    <>
      <PageTitle
        title={t('printing:list.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
            {t('printing:list.new')}
          </Button>
        }
      />
      <Space style={{ marginBottom: 12 }}>
        <Input.Search aria-label={t('printing:list.keyword')} placeholder={t('printing:list.keyword')} allowClear onSearch={(v) => setKeyword(v.trim())} style={{ width: 260 }} />
      </Space>
      <Table<PrintTemplateRow>
        rowKey="id"
        size="small"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.voList ?? []}
        locale={{ emptyText: <Empty /> }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('printing:fields.name'), render: (_, r) => <Space>{r.name}{r.system && <Tag>{t('printing:list.system')}</Tag>}</Space> },
          { title: t('printing:fields.kind'), width: 120, render: (_, r) => t(`printing:kinds.${r.kind}`) },
          { title: t('printing:list.size'), width: 120, render: (_, r) => `${r.width} × ${r.height} mm` },
          { title: t('printing:fields.expressCompanyCode'), dataIndex: 'expressCompanyCode', width: 120 },
          { title: t('printing:list.defaultFor'), width: 160, render: (_, r) => r.defaultFor.map((c) => <Tag color="blue" key={c}>{c}</Tag>) },
          {
            title: t('printing:list.actions'),
            width: 420,
            render: (_, r) => (
              <Space wrap>
                <Button size="small" type="link" onClick={() => open(r)}>
                  {r.system ? t('printing:list.view') : t('common:actions.edit')}
                </Button>
                <Button size="small" type="link" onClick={() => open({ ...r, id: 0, system: false, systemKey: null, name: `${r.name} (${t('printing:list.copy')})`, defaultFor: [] } as PrintTemplateRow)}>
                  {t('printing:list.copy')}
                </Button>
                <Space.Compact size="small">
                  <ExpressCompanySelect valueField="code" size="small" style={{ width: 120 }} placeholder={t('printing:fields.expressCompanyCode')} value={defaultFor[r.id]} onChange={(v) => setDefaultFor((d) => ({ ...d, [r.id]: String(v ?? '') }))} />
                  <Button
                    size="small"
                    disabled={!defaultFor[r.id]}
                    onClick={() => setDefault.mutate({ id: r.id, expressCompanyCode: defaultFor[r.id]! }, { onSuccess: () => toast.success(t('printing:list.defaultSet')), onError: (e) => toast.error(printErrorMessage(e)) })}
                  >
                    {t('printing:list.setDefault')}
                  </Button>
                </Space.Compact>
                {!r.system && (
                  <Popconfirm title={t('printing:list.confirmDelete', { name: r.name })} onConfirm={() => remove.mutate([r.id], { onSuccess: () => toast.success(t('printing:list.deleted')), onError: (e) => toast.error(printErrorMessage(e)) })}>
                    <Button size="small" type="link" danger>
                      {t('common:actions.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <div style={{ marginTop: 16 }}>
          <Editor
            key={editing.key}
            template={editing.template}
            onSaved={(saved) => setEditing({ template: saved, key: Date.now() })}
            onClose={() => setEditing(null)}
          />
        </div>
      )}
    </>
  );
}
