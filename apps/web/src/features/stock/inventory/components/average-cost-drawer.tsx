// An average-cost adjustment: created or edited while it is to confirm (SKUs picked, each with the
// average it should have, 4 decimals), and read once complete with the averages it replaced.
import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatMoney, isDecimalText, decimalPlaces, type AverageCostDetail, type AverageCostDetailRow, type SkuPick } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { DateTime } from '../../../../ui/relative-time';
import { useUnsavedChanges } from '../../../../ui/unsaved-changes';
import { SkuPicker } from '../../../goods/components/sku-picker';
import { inventoryApi, type AverageCostFormValues } from '../api';
import { showFieldErrors, stockErrorMessage, useAverageCost, useInventoryMutation } from '../queries';

export type AverageCostDrawerMode = { kind: 'create' } | { kind: 'open'; id: number } | null;

interface LineValues {
  skuCode: string;
  skuName: string;
  currentAverageCost: string | null;
  averageCostPriceAfter: string;
  remark?: string;
}

interface FormValues {
  remark?: string;
  details: LineValues[];
}

export const AVERAGE_COST_STATUS_COLORS = { SUBMIT: 'processing', COMPLETE: 'success' } as const;

const money = (v: string | null | undefined) => (v ? formatMoney(v) : '-');

export function AverageCostDrawer({ mode, onClose }: { mode: AverageCostDrawerMode; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [picking, setPicking] = useState(false);
  // Changed by the user since the drawer opened (loading uses setFieldsValue, which is not a change).
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(mode !== null && changed);
  const doc = useAverageCost(mode?.kind === 'open' ? mode.id : null);
  const editable = mode?.kind === 'create' || doc.data?.status === 'SUBMIT';

  useEffect(() => {
    setChanged(false);
    if (mode?.kind === 'create') form.setFieldsValue({ remark: '', details: [] });
  }, [mode, form]);
  useEffect(() => {
    if (!doc.data || mode?.kind !== 'open') return;
    setChanged(false);
    form.setFieldsValue(toForm(doc.data));
  }, [doc.data, mode, form]);

  const save = useInventoryMutation(
    (values: AverageCostFormValues) => (mode?.kind === 'open' && doc.data ? inventoryApi.updateAverageCost({ ...values, id: doc.data.id, version: doc.data.version }) : inventoryApi.createAverageCost(values)),
    { toastErrors: false },
  );

  const submit = (values: FormValues) => {
    if (!values.details?.length) {
      toast.warning(t('stock:averageCost.addSkusFirst'));
      return;
    }
    save.mutate(
      {
        remark: values.remark?.trim() || null,
        details: values.details.map((d) => ({ skuCode: d.skuCode, averageCostPriceAfter: String(d.averageCostPriceAfter).trim(), remark: d.remark?.trim() || null })),
      },
      {
        onSuccess: (saved) => {
          toast.success(mode?.kind === 'create' ? t('stock:averageCost.created', { code: saved.code }) : t('stock:averageCost.updated', { code: saved.code }));
          onClose();
        },
        onError: (error) => {
          if (!showFieldErrors(form, error)) toast.error(stockErrorMessage(error));
        },
      },
    );
  };

  /** Adds picked SKUs not yet listed, with their current average where they have stock. */
  const addSkus = async (skus: SkuPick[]) => {
    const current = (form.getFieldValue('details') as LineValues[] | undefined) ?? [];
    const fresh = skus.filter((s) => !s.isCombination && !current.some((d) => d.skuCode === s.code));
    if (skus.some((s) => s.isCombination)) toast.warning(t('stock:averageCost.noCombinations'));
    if (!fresh.length) return;
    const averages = new Map<string, string | null>();
    try {
      const rows = await inventoryApi.search({ whId: -1, keywordType: 'code', keywords: fresh.map((s) => s.code).join(','), pageSize: 1000 });
      for (const r of rows.voList) averages.set(r.skuCode, r.averageCost ?? null);
    } catch {
      // Without the current averages the lines still work; the column shows '-'.
    }
    form.setFieldsValue({
      details: [
        ...current,
        ...fresh.map((s) => ({ skuCode: s.code, skuName: [s.name, s.specifications].filter(Boolean).join(' · '), currentAverageCost: averages.get(s.code) ?? null, averageCostPriceAfter: '', remark: '' })),
      ],
    });
    setChanged(true);
  };

  const title =
    mode?.kind === 'create'
      ? t('stock:averageCost.createTitle')
      : doc.data
        ? t(editable ? 'stock:averageCost.editTitle' : 'stock:averageCost.viewTitle', { code: doc.data.code })
        : t('stock:averageCost.loading');

  return (
    <Drawer
      open={mode !== null}
      onClose={onClose}
      width={960}
      title={title}
      destroyOnHidden
      extra={
        editable && (
          <Space>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              {t('common:actions.save')}
            </Button>
          </Space>
        )
      }
    >
      {doc.error && <Alert type="error" showIcon message={stockErrorMessage(doc.error)} />}
      {doc.data && (
        <Descriptions
          size="small"
          column={3}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'code', label: t('stock:averageCost.code'), children: doc.data.code },
            { key: 'status', label: t('stock:averageCost.status'), children: <Tag color={AVERAGE_COST_STATUS_COLORS[doc.data.status]}>{t(`stock:averageCost.statuses.${doc.data.status}`)}</Tag> },
            { key: 'createdBy', label: t('stock:averageCost.createdBy'), children: doc.data.createdBy ?? '-' },
            { key: 'createdAt', label: t('stock:averageCost.createdAt'), children: <DateTime value={doc.data.createdAt} /> },
            { key: 'confirmedBy', label: t('stock:averageCost.confirmedBy'), children: doc.data.confirmedBy ?? '-' },
            { key: 'confirmedAt', label: t('stock:averageCost.confirmedAt'), children: <DateTime value={doc.data.confirmedAt} /> },
          ]}
        />
      )}
      {doc.data && !editable ? (
        <>
          {doc.data.remark && <Typography.Paragraph>{t('stock:averageCost.remarkIs', { remark: doc.data.remark })}</Typography.Paragraph>}
          <Table<AverageCostDetailRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={doc.data.details}
            columns={[
              { title: t('stock:fields.skuCode'), dataIndex: 'skuCode', width: 170 },
              { title: t('stock:fields.nameSpec'), render: (_, d) => [d.skuName, d.specifications].filter(Boolean).join(' · ') },
              { title: t('stock:averageCost.before'), dataIndex: 'averageCostPriceBefore', width: 130, align: 'right', render: money },
              { title: t('stock:averageCost.after'), dataIndex: 'averageCostPriceAfter', width: 130, align: 'right', render: money },
              { title: t('stock:averageCost.lineRemark'), dataIndex: 'remark', width: 180, render: (v: string | null) => v ?? '' },
            ]}
          />
        </>
      ) : (
        (mode?.kind === 'create' || doc.data) && (
          <Form form={form} onValuesChange={() => setChanged(true)} layout="vertical" onFinish={submit}>
            <Form.Item name="remark" label={t('stock:averageCost.remark')} rules={[{ max: 200 }]}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={200} />
            </Form.Item>
            <Space style={{ marginBottom: 8 }}>
              <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
                {t('stock:averageCost.addSkus')}
              </Button>
              <Typography.Text type="secondary">{t('stock:averageCost.help')}</Typography.Text>
            </Space>
            <Form.List name="details">
              {(fields, { remove }) => (
                <Table
                  rowKey="key"
                  size="small"
                  pagination={false}
                  dataSource={fields}
                  locale={{ emptyText: t('stock:averageCost.noLines') }}
                  columns={[
                    {
                      title: t('stock:fields.skuCode'),
                      width: 170,
                      render: (_, field) => (
                        <Form.Item name={[field.name, 'skuCode']} style={{ margin: 0 }}>
                          <Input variant="borderless" readOnly />
                        </Form.Item>
                      ),
                    },
                    { title: t('stock:fields.nameSpec'), render: (_, field) => form.getFieldValue(['details', field.name, 'skuName']) as string },
                    {
                      title: t('stock:averageCost.current'),
                      width: 120,
                      align: 'right',
                      render: (_, field) => money(form.getFieldValue(['details', field.name, 'currentAverageCost']) as string | null),
                    },
                    {
                      title: t('stock:averageCost.after'),
                      width: 160,
                      render: (_, field) => (
                        <Form.Item
                          name={[field.name, 'averageCostPriceAfter']}
                          style={{ margin: 0 }}
                          rules={[
                            { required: true, message: t('stock:averageCost.afterRequired') },
                            {
                              validator: (_rule, value: string | undefined) => {
                                const text = String(value ?? '').trim();
                                if (!text) return Promise.resolve();
                                if (!isDecimalText(text) || text.startsWith('-')) return Promise.reject(new Error(t('stock:averageCost.afterInvalid')));
                                if (decimalPlaces(text) > 4) return Promise.reject(new Error(t('stock:averageCost.afterDecimals')));
                                return Promise.resolve();
                              },
                            },
                          ]}
                        >
                          <Input inputMode="decimal" aria-label={t('stock:averageCost.afterFor', { index: field.name + 1 })} placeholder="0.0000" />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('stock:averageCost.lineRemark'),
                      width: 180,
                      render: (_, field) => (
                        <Form.Item name={[field.name, 'remark']} style={{ margin: 0 }} rules={[{ max: 200 }]}>
                          <Input maxLength={200} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: '',
                      width: 48,
                      render: (_, field) => <Button type="text" danger aria-label={t('common:actions.delete')} icon={<DeleteOutlined />} onClick={() => remove(field.name)} />,
                    },
                  ]}
                />
              )}
            </Form.List>
          </Form>
        )
      )}
      <SkuPicker open={picking} onClose={() => setPicking(false)} onConfirm={(skus) => void addSkus(skus)} isCombination={false} title={t('stock:averageCost.pickTitle')} />
    </Drawer>
  );
}

function toForm(doc: AverageCostDetail): FormValues {
  return {
    remark: doc.remark ?? '',
    details: doc.details.map((d) => ({
      skuCode: d.skuCode,
      skuName: [d.skuName, d.specifications].filter(Boolean).join(' · '),
      currentAverageCost: d.currentAverageCost,
      averageCostPriceAfter: d.averageCostPriceAfter,
      remark: d.remark ?? '',
    })),
  };
}
