// New outbound order, or edit one not yet verified with ?id= (/stocks/createstocksout, menu
// MENU_WDO_CREATE): the warehouse the goods leave, the outbound type, the receiver, and the lines
// (SKUs chosen with the goods picker, each a whole number of pieces).
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Empty, Form, Input, InputNumber, Row, Select, Space, Spin, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WDO_TYPES, type WdoCreateInput, type WdoType } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { PageTitle } from '../../../../ui/page-title';
import { leaveWithoutAsking, useUnsavedChanges } from '../../../../ui/unsaved-changes';
import { SkuPicker, type SkuPick } from '../../../goods/components/sku-picker';
import { WarehouseSelect } from '../../../warehouses/components/warehouse-select';
import { outboundApi } from '../api';
import { outboundErrorMessage, showFieldErrors, useOutboundMutation, useWdo } from '../queries';

interface Line {
  skuId: number;
  qty: number;
  remark?: string;
}

interface Values {
  code?: string;
  whId?: number;
  wdoType: WdoType;
  relatedCode?: string;
  receiverName?: string;
  receiverPhone?: string;
  receiverAddress?: string;
  remark?: string;
  wdoDetails: Line[];
}

interface SkuInfo {
  code: string;
  name: string | null;
  specifications: string | null;
  barCode: string | null;
}

export default function CreateStocksOutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const existing = useWdo(id);
  const [form] = Form.useForm<Values>();
  const [skus, setSkus] = useState<Map<number, SkuInfo>>(new Map());
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Changed by the user since the page loaded (loading uses setFieldsValue, which is not a change).
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);
  const watchedLines = Form.useWatch('wdoDetails', form) as Line[] | undefined;
  const lines = useMemo(() => watchedLines ?? [], [watchedLines]);
  const editing = id ? existing.data : undefined;
  const editable = !editing || editing.status === 'CI_WDO_STATUS_CREATED';

  // Moving from an order being edited to a new one starts from an empty form.
  useEffect(() => {
    if (id) return;
    form.resetFields();
    setSkus(new Map());
    setError(null);
    setChanged(false);
  }, [id, form]);

  useEffect(() => {
    const wdo = existing.data;
    if (!wdo || !id) return;
    setChanged(false);
    setSkus(new Map(wdo.wdoDetails.map((d) => [d.skuId, { code: d.skuCode, name: d.skuName, specifications: d.specifications, barCode: d.barCode }])));
    form.setFieldsValue({
      code: wdo.code,
      whId: wdo.whId,
      wdoType: wdo.wdoType,
      relatedCode: wdo.relatedCode ?? '',
      receiverName: wdo.receiverName ?? '',
      receiverPhone: wdo.receiverPhone ?? '',
      receiverAddress: wdo.receiverAddress ?? '',
      remark: wdo.remark ?? '',
      wdoDetails: wdo.wdoDetails.map((d) => ({ skuId: d.skuId, qty: d.qty, remark: d.remark ?? '' })),
    });
  }, [existing.data, id, form]);

  const save = useOutboundMutation(
    (values: Values) => {
      const body = {
        whId: values.whId!,
        wdoType: values.wdoType,
        relatedCode: values.relatedCode,
        receiverName: values.receiverName,
        receiverPhone: values.receiverPhone,
        receiverAddress: values.receiverAddress,
        remark: values.remark,
        wdoDetails: values.wdoDetails.map((l) => ({ skuId: l.skuId, qty: l.qty, remark: l.remark })),
      };
      return editing ? outboundApi.update({ ...body, id: editing.id, version: editing.version }) : outboundApi.create({ ...body, code: values.code } as WdoCreateInput);
    },
    { toastErrors: false },
  );

  const addSkus = (picked: SkuPick[]) => {
    const current = (form.getFieldValue('wdoDetails') ?? []) as Line[];
    const known = new Set(current.map((l) => l.skuId));
    const added = picked.filter((s) => !known.has(s.id));
    setSkus((prev) => {
      const next = new Map(prev);
      for (const s of picked) next.set(s.id, { code: s.code, name: s.name, specifications: s.specifications, barCode: s.barCode });
      return next;
    });
    form.setFieldsValue({ wdoDetails: [...current, ...added.map((s) => ({ skuId: s.id, qty: 1, remark: '' }))] });
    if (added.length) setChanged(true);
    if (added.length) form.validateFields(['wdoDetails']).catch(() => undefined);
  };

  const submit = (values: Values) => {
    setError(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(t(editing ? 'outbound:form.updated' : 'outbound:form.created', { code: saved.code }));
        leaveWithoutAsking(() => navigate(`/stocks?activeKey=3&open=${saved.id}`));
      },
      onError: (e) => {
        if (!showFieldErrors(form, e)) setError(outboundErrorMessage(e));
      },
    });
  };

  const excludeSkuIds = useMemo(() => lines.map((l) => l.skuId), [lines]);
  const total = lines.reduce((sum, l) => sum + (Number(l.qty) || 0), 0);
  const title = editing ? t('outbound:form.editTitle', { code: editing.code }) : t('nav:routes.createStocksOut');

  if (id && existing.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (id && existing.error) return <Alert type="error" showIcon message={outboundErrorMessage(existing.error)} />;

  return (
    <>
      <PageTitle title={title} />
      <Card>
        <Form<Values> form={form} onValuesChange={() => setChanged(true)} layout="vertical" initialValues={{ wdoType: 'WDO_OTHER', wdoDetails: [] }} onFinish={submit} disabled={!editable} scrollToFirstError>
          {!editable && <Alert type="warning" showIcon message={t('outbound:form.notEditable')} style={{ marginBottom: 16 }} />}
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
          <Typography.Title level={5}>{t('outbound:form.basics')}</Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="whId" label={t('outbound:fields.warehouse')} rules={[{ required: true, message: t('outbound:form.warehouseRequired') }]}>
                <WarehouseSelect style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="wdoType" label={t('outbound:fields.wdoType')} rules={[{ required: true, message: t('common:validation.required') }]}>
                <Select options={WDO_TYPES.map((v) => ({ value: v, label: t(`outbound:types.${v}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="code"
                label={t('outbound:fields.code')}
                extra={editing ? undefined : t('outbound:form.codeHelp')}
                normalize={(v: string) => v?.replace(/\s+/g, '')}
                rules={[{ max: 32 }, { pattern: /^[\x21-\x7E]*$/, message: t('outbound:form.codeInvalid') }]}
              >
                <Input maxLength={32} disabled={!!editing} placeholder={t('outbound:form.codePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="relatedCode" label={t('outbound:fields.relatedCode')} rules={[{ max: 64 }]}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="receiverName" label={t('outbound:fields.receiverName')} rules={[{ max: 50 }]}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="receiverPhone" label={t('outbound:fields.receiverPhone')} rules={[{ max: 30 }]}>
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="receiverAddress" label={t('outbound:fields.receiverAddress')} rules={[{ max: 200 }]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="remark" label={t('outbound:fields.remark')} rules={[{ max: 500 }]}>
                <Input maxLength={500} />
              </Form.Item>
            </Col>
          </Row>

          <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('outbound:form.lines')}
            </Typography.Title>
            <Space>
              <Typography.Text type="secondary">{t('outbound:form.totals', { lines: lines.length, pieces: total })}</Typography.Text>
              <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
                {t('outbound:form.addGoods')}
              </Button>
            </Space>
          </Space>
          <Form.List
            name="wdoDetails"
            rules={[
              {
                validator: async (_, value: Line[] | undefined) => {
                  if (!value?.length) throw new Error(t('outbound:form.linesRequired'));
                },
              },
            ]}
          >
            {(fields, { remove }, { errors }) => (
              <>
                <Table
                  rowKey="key"
                  size="small"
                  pagination={false}
                  dataSource={fields}
                  locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('outbound:form.noLines')} /> }}
                  columns={[
                    { title: '#', width: 48, render: (_, __, i) => i + 1 },
                    {
                      title: t('outbound:fields.skuCode'),
                      width: 200,
                      render: (_, field) => {
                        const sku = skus.get(lines[field.name]?.skuId ?? 0);
                        return (
                          <>
                            <Form.Item name={[field.name, 'skuId']} hidden>
                              <InputNumber />
                            </Form.Item>
                            <span>{sku?.code ?? lines[field.name]?.skuId}</span>
                          </>
                        );
                      },
                    },
                    {
                      title: t('outbound:fields.skuName'),
                      render: (_, field) => {
                        const sku = skus.get(lines[field.name]?.skuId ?? 0);
                        return [sku?.name, sku?.specifications].filter(Boolean).join(' / ') || '-';
                      },
                    },
                    {
                      title: t('outbound:fields.qty'),
                      width: 150,
                      render: (_, field) => (
                        <Form.Item
                          name={[field.name, 'qty']}
                          style={{ margin: 0 }}
                          rules={[
                            { required: true, message: t('common:validation.required') },
                            { type: 'integer', min: 1, message: t('outbound:form.qtyInvalid') },
                          ]}
                        >
                          <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} aria-label={t('outbound:fields.qty')} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('outbound:fields.remark'),
                      width: 220,
                      render: (_, field) => (
                        <Form.Item name={[field.name, 'remark']} style={{ margin: 0 }} rules={[{ max: 200 }]}>
                          <Input maxLength={200} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('common:actions.title'),
                      width: 80,
                      render: (_, field) => <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} onClick={() => remove(field.name)} />,
                    },
                  ]}
                />
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
          <Space style={{ marginTop: 24 }}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common:actions.save')}
            </Button>
            <Button disabled={false} onClick={() => navigate('/stocks?activeKey=3')}>
              {t('common:actions.back')}
            </Button>
          </Space>
        </Form>
      </Card>
      <SkuPicker open={picking} onClose={() => setPicking(false)} onConfirm={addSkus} isCombination={false} excludeSkuIds={excludeSkuIds} title={t('outbound:form.addGoods')} />
    </>
  );
}
