// New transfer, or edit one not yet shipped: the source warehouse (and each line's location, or
// any), the target warehouse (and each line's location, which may wait for the receipt), and the
// lines of SKUs with whole quantities.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Col, Drawer, Empty, Form, Input, InputNumber, Row, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TransferWithDetails } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { useUnsavedChanges } from '../../../../ui/unsaved-changes';
import { SkuPicker, type SkuPick } from '../../../goods/components/sku-picker';
import { WarehouseSelect } from '../../../warehouses/components/warehouse-select';
import { useLocations } from '../../../warehouses/queries';
import { outboundErrorMessage, showFieldErrors } from '../../outbound/queries';
import { transferApi } from '../api';
import { useTransferMutation } from '../queries';

interface Line {
  skuId: number;
  qty: number;
  outLocationId?: number | null;
  inLocationId?: number | null;
}

interface Values {
  outWarehouseId?: number;
  inWarehouseId?: number;
  remark?: string;
  details: Line[];
}

/** The locations of a warehouse as select options. */
export function useLocationOptions(warehouseId: number | undefined) {
  const locations = useLocations({ warehouseId: warehouseId ?? -1, currentPage: 1, pageSize: 1000 }, !!warehouseId);
  return useMemo(() => (warehouseId ? (locations.data?.voList ?? []).map((l) => ({ value: l.id, label: l.zone ? `${l.code} (${l.zone})` : l.code })) : []), [locations.data, warehouseId]);
}

export function TransferFormDrawer({ open, transfer, onClose, onSaved }: { open: boolean; transfer: TransferWithDetails | null; onClose: () => void; onSaved: (saved: TransferWithDetails) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [skus, setSkus] = useState<Map<number, { code: string; name: string | null; specifications: string | null }>>(new Map());
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Changed by the user since the drawer opened (loading uses setFieldsValue, which is not a change).
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(open && changed);
  const outWarehouseId = Form.useWatch('outWarehouseId', form);
  const inWarehouseId = Form.useWatch('inWarehouseId', form);
  const watchedLines = Form.useWatch('details', form) as Line[] | undefined;
  const lines = useMemo(() => watchedLines ?? [], [watchedLines]);
  const outLocations = useLocationOptions(outWarehouseId);
  const inLocations = useLocationOptions(inWarehouseId);

  useEffect(() => {
    if (!open) return;
    setError(null);
    setChanged(false);
    form.resetFields();
    if (transfer) {
      setSkus(new Map(transfer.details.map((d) => [d.skuId, { code: d.skuCode, name: d.skuName, specifications: d.specifications }])));
      form.setFieldsValue({
        outWarehouseId: transfer.outWarehouseId,
        inWarehouseId: transfer.inWarehouseId,
        remark: transfer.remark ?? '',
        details: transfer.details.map((d) => ({ skuId: d.skuId, qty: d.qty, outLocationId: d.outLocationId, inLocationId: d.inLocationId })),
      });
    } else setSkus(new Map());
  }, [open, transfer, form]);

  const save = useTransferMutation(
    (values: Values) => {
      const body = {
        outWarehouseId: values.outWarehouseId!,
        inWarehouseId: values.inWarehouseId!,
        remark: values.remark,
        details: values.details.map((l) => ({ skuId: l.skuId, qty: l.qty, outLocationId: l.outLocationId ?? null, inLocationId: l.inLocationId ?? null })),
      };
      return transfer ? transferApi.update({ ...body, id: transfer.id, version: transfer.version }) : transferApi.create(body);
    },
    { toastErrors: false },
  );

  const addSkus = (picked: SkuPick[]) => {
    const current = (form.getFieldValue('details') ?? []) as Line[];
    const known = new Set(current.map((l) => l.skuId));
    setSkus((prev) => new Map([...prev, ...picked.map((s) => [s.id, { code: s.code, name: s.name, specifications: s.specifications }] as const)]));
    form.setFieldsValue({ details: [...current, ...picked.filter((s) => !known.has(s.id)).map((s) => ({ skuId: s.id, qty: 1, outLocationId: null, inLocationId: null }))] });
    setChanged(true);
  };

  // A change of warehouse drops the line locations chosen for the other one.
  const clearLocations = (which: 'outLocationId' | 'inLocationId') => {
    const current = (form.getFieldValue('details') ?? []) as Line[];
    form.setFieldsValue({ details: current.map((l) => ({ ...l, [which]: null })) });
  };

  const submit = (values: Values) => {
    setError(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(t(transfer ? 'outbound:transfer.form.updated' : 'outbound:transfer.form.created', { code: saved.code }));
        onSaved(saved);
      },
      onError: (e) => {
        if (!showFieldErrors(form, e)) setError(outboundErrorMessage(e));
      },
    });
  };

  const excludeSkuIds = useMemo(() => lines.map((l) => l.skuId), [lines]);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={1000}
      title={transfer ? t('outbound:transfer.form.editTitle', { code: transfer.code }) : t('outbound:transfer.form.newTitle')}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common:actions.save')}
          </Button>
        </Space>
      }
    >
      <Form<Values> form={form} onValuesChange={() => setChanged(true)} name="transfer" layout="vertical" initialValues={{ details: [] }} onFinish={submit}>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="outWarehouseId" label={t('outbound:transfer.fields.outWarehouse')} rules={[{ required: true, message: t('outbound:form.warehouseRequired') }]}>
              <WarehouseSelect style={{ width: '100%' }} onChange={() => clearLocations('outLocationId')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="inWarehouseId"
              label={t('outbound:transfer.fields.inWarehouse')}
              dependencies={['outWarehouseId']}
              rules={[
                { required: true, message: t('outbound:form.warehouseRequired') },
                ({ getFieldValue }) => ({
                  validator: async (_, value: number | undefined) => {
                    if (value && value === getFieldValue('outWarehouseId')) throw new Error(t('outbound:errors.ERR_TRANSFER_SAME_WAREHOUSE'));
                  },
                }),
              ]}
            >
              <WarehouseSelect style={{ width: '100%' }} onChange={() => clearLocations('inLocationId')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('outbound:fields.remark')} rules={[{ max: 500 }]}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('outbound:form.lines')}
          </Typography.Title>
          <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
            {t('outbound:form.addGoods')}
          </Button>
        </Space>
        <Form.List
          name="details"
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
                  {
                    title: t('outbound:fields.sku'),
                    render: (_, field) => {
                      const sku = skus.get(lines[field.name]?.skuId ?? 0);
                      return (
                        <Space direction="vertical" size={0}>
                          <Form.Item name={[field.name, 'skuId']} hidden>
                            <InputNumber />
                          </Form.Item>
                          <span>{sku?.code ?? lines[field.name]?.skuId}</span>
                          <Typography.Text type="secondary">{[sku?.name, sku?.specifications].filter(Boolean).join(' / ')}</Typography.Text>
                        </Space>
                      );
                    },
                  },
                  {
                    title: t('outbound:fields.qty'),
                    width: 120,
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'qty']} style={{ margin: 0 }} rules={[{ required: true, message: t('common:validation.required') }, { type: 'integer', min: 1, message: t('outbound:form.qtyInvalid') }]}>
                        <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} aria-label={t('outbound:fields.qty')} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('outbound:transfer.fields.outLocation'),
                    width: 200,
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'outLocationId']} style={{ margin: 0 }}>
                        <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('outbound:transfer.form.anyLocation')} options={outLocations} disabled={!outLocations.length} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('outbound:transfer.fields.inLocation'),
                    width: 200,
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'inLocationId']} style={{ margin: 0 }}>
                        <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('outbound:transfer.form.chooseAtReceipt')} options={inLocations} disabled={!inLocations.length} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '',
                    width: 56,
                    render: (_, field) => <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} onClick={() => remove(field.name)} />,
                  },
                ]}
              />
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form>
      <SkuPicker open={picking} onClose={() => setPicking(false)} onConfirm={addSkus} isCombination={false} excludeSkuIds={excludeSkuIds} title={t('outbound:form.addGoods')} />
    </Drawer>
  );
}
