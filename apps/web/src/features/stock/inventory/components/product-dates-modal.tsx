// Production-date (shelf-life) lots of one stock record: list, add, edit, clear the chosen ones
// (spec 01 §5: clearing asks for confirmation). Their quantities add up to at most on-hand.
import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Form, InputNumber, Modal, Space, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { InventoryProductDateLot } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { inventoryApi } from '../api';
import { showFieldErrors, stockErrorMessage, useInventoryMutation, useProductDates } from '../queries';
import { useShellApi } from '../../../../ui/shell-api';

export interface ProductDatesTarget {
  balanceId: number;
  skuCode: string;
  skuName: string;
  whName: string;
  locationCode: string | null;
}

interface NewLots {
  lots: { productDate?: Dayjs; qty?: number }[];
}

export function ProductDatesModal({ target, onClose }: { target: ProductDatesTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = useShellApi();
  const info = useProductDates(target?.balanceId ?? null);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ id: number; version: number; productDate: Dayjs; qty: number } | null>(null);
  const [form] = Form.useForm<NewLots>();
  useEffect(() => {
    setSelected([]);
    setEditing(null);
    form.resetFields();
  }, [target, form]);

  const add = useInventoryMutation((lots: { productDate: string; qty: number }[]) => inventoryApi.addProductDates(target!.balanceId, lots), { toastErrors: false });
  const update = useInventoryMutation(inventoryApi.updateProductDate);
  const clear = useInventoryMutation((ids: number[]) => inventoryApi.deleteProductDates(target!.balanceId, ids));

  const lots = info.data?.productDate ?? [];
  const onHand = info.data?.onHand ?? 0;
  const total = lots.reduce((sum, l) => sum + l.qty, 0);

  const save = (values: NewLots) => {
    const list = values.lots.filter((l) => l.productDate && l.qty).map((l) => ({ productDate: l.productDate!.format('YYYY-MM-DD'), qty: l.qty! }));
    if (!list.length) return;
    add.mutate(list, {
      onSuccess: () => {
        toast.success(t('stock:dates.added'));
        form.resetFields();
      },
      onError: (error) => {
        if (!showFieldErrors(form, remapLotErrors(error))) toast.error(stockErrorMessage(error));
      },
    });
  };

  const confirmClear = () =>
    modal.confirm({
      title: t('stock:dates.confirmClear'),
      okText: t('common:actions.ok'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        clear.mutateAsync(selected).then(() => {
          toast.success(t('stock:dates.cleared', { count: selected.length }));
          setSelected([]);
        }),
    });

  const saveEdit = () => {
    if (!editing) return;
    update.mutate(
      { id: editing.id, version: editing.version, productDate: editing.productDate.format('YYYY-MM-DD'), qty: editing.qty },
      { onSuccess: () => setEditing(null) },
    );
  };

  return (
    <Modal
      open={target !== null}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('stock:dates.close')}</Button>}
      width={720}
      maskClosable={false}
      destroyOnHidden
      title={target ? t('stock:dates.title', { sku: target.skuCode }) : ''}
    >
      {target && (
        <>
          <Typography.Paragraph type="secondary">
            {target.skuName} · {target.whName} · {target.locationCode ?? t('stock:list.noLocation')}
          </Typography.Paragraph>
          <Typography.Paragraph>{t('stock:dates.summary', { total, onHand })}</Typography.Paragraph>
          {total > onHand && <Alert type="warning" showIcon message={t('stock:dates.aboveOnHand', { total, onHand })} style={{ marginBottom: 12 }} />}
          {info.error && <Alert type="error" showIcon message={stockErrorMessage(info.error)} style={{ marginBottom: 12 }} />}
          <Space style={{ marginBottom: 8 }}>
            <Button danger icon={<DeleteOutlined />} disabled={!selected.length} loading={clear.isPending} onClick={confirmClear}>
              {t('stock:dates.clearSelected', { count: selected.length })}
            </Button>
          </Space>
          <Table<InventoryProductDateLot>
            rowKey="id"
            size="small"
            pagination={false}
            loading={info.isFetching}
            dataSource={lots}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
            locale={{ emptyText: t('stock:dates.none') }}
            columns={[
              {
                title: t('stock:dates.productDate'),
                dataIndex: 'productDate',
                render: (v: string, lot) =>
                  editing?.id === lot.id ? (
                    <DatePicker
                      aria-label={t('stock:dates.productDate')}
                      value={editing.productDate}
                      allowClear={false}
                      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                      onChange={(d) => d && setEditing({ ...editing, productDate: d })}
                    />
                  ) : (
                    v
                  ),
              },
              {
                title: t('stock:dates.qty'),
                dataIndex: 'qty',
                width: 160,
                render: (v: number, lot) =>
                  editing?.id === lot.id ? (
                    <InputNumber aria-label={t('stock:dates.qty')} min={1} precision={0} value={editing.qty} onChange={(q) => q && setEditing({ ...editing, qty: q })} />
                  ) : (
                    v
                  ),
              },
              {
                title: t('common:actions.title'),
                width: 160,
                render: (_, lot) =>
                  editing?.id === lot.id ? (
                    <Space>
                      <Button type="link" size="small" loading={update.isPending} onClick={saveEdit}>
                        {t('common:actions.save')}
                      </Button>
                      <Button type="link" size="small" onClick={() => setEditing(null)}>
                        {t('common:actions.cancel')}
                      </Button>
                    </Space>
                  ) : (
                    <Button
                      type="link"
                      size="small"
                      icon={<EditOutlined />}
                      onClick={() => setEditing({ id: lot.id, version: lot.version, productDate: dayjs(lot.productDate), qty: lot.qty })}
                    >
                      {t('common:actions.edit')}
                    </Button>
                  ),
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('stock:dates.addTitle')}
          </Typography.Title>
          <Form form={form} onFinish={save} initialValues={{ lots: [{}] }}>
            <Form.List name="lots">
              {(fields, { add: addRow, remove }) => (
                <>
                  {fields.map((field) => (
                    <div key={field.key}>
                      <Space align="baseline">
                        <Form.Item name={[field.name, 'productDate']} rules={[{ required: true, message: t('stock:dates.dateRequired') }]}>
                          <DatePicker aria-label={t('stock:dates.productDate')} placeholder={t('stock:dates.productDate')} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'qty']} rules={[{ required: true, message: t('stock:dates.qtyRequired') }]}>
                          <InputNumber aria-label={t('stock:dates.qty')} placeholder={t('stock:dates.qty')} min={1} precision={0} style={{ width: 140 }} />
                        </Form.Item>
                        {fields.length > 1 && (
                          <Button type="text" aria-label={t('common:actions.delete')} icon={<DeleteOutlined />} onClick={() => remove(field.name)} />
                        )}
                      </Space>
                    </div>
                  ))}
                  <Space>
                    <Button icon={<PlusOutlined />} onClick={() => addRow({})}>
                      {t('stock:dates.addRow')}
                    </Button>
                    <Button type="primary" htmlType="submit" loading={add.isPending}>
                      {t('stock:dates.save')}
                    </Button>
                  </Space>
                </>
              )}
            </Form.List>
          </Form>
        </>
      )}
    </Modal>
  );
}

/** The server names the list as the record does (productDate.N.field); the form's list is called lots. */
function remapLotErrors(error: unknown): unknown {
  if (!(error instanceof Error) || !('fields' in error)) return error;
  const e = error as Error & { fields: { field: string; message: string }[]; params: Record<string, unknown> };
  e.fields = e.fields.map((f) => ({ ...f, field: f.field.replace(/^productDate(?=\.|$)/, 'lots') }));
  return e;
}
