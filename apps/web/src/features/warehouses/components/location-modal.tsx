// Adds a location to a warehouse, or edits one (code, zone, remark).
import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocationRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { requiredRule } from '../../../ui/form-rules';
import { warehousesApi } from '../api';
import { useWarehousesMutation, warehouseErrorMessage } from '../queries';
import { showFieldErrors } from './form-errors';
import { WarehouseSelect } from './warehouse-select';

interface Values {
  warehouseId?: number;
  code: string;
  zone?: string;
  remark?: string;
}

const FIELDS = ['warehouseId', 'code', 'zone', 'remark'] as const;

export function LocationModal({ location, defaultWarehouseId, onClose }: { location: LocationRow | 'new' | null; defaultWarehouseId?: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const editing = location && location !== 'new' ? location : null;
  const save = useWarehousesMutation(
    (values: Values) =>
      editing
        ? warehousesApi.updateLocation({ id: editing.id, version: editing.version, code: values.code, zone: values.zone ?? null, remark: values.remark ?? null })
        : warehousesApi.createLocation({ warehouseId: values.warehouseId!, code: values.code, zone: values.zone ?? null, remark: values.remark ?? null }),
    { toastErrors: false },
  );

  useEffect(() => {
    if (!location) return;
    setError(null);
    form.resetFields();
    if (editing) form.setFieldsValue({ warehouseId: editing.warehouseId, code: editing.code, zone: editing.zone ?? '', remark: editing.remark ?? '' });
    else if (defaultWarehouseId && defaultWarehouseId > 0) form.setFieldsValue({ warehouseId: defaultWarehouseId });
    // Only when the dialog opens on another location.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location]);

  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    save.mutate(values, {
      onSuccess: () => {
        toast.success(t(editing ? 'warehouses:locations.updated' : 'warehouses:locations.created', { code: values.code }));
        onClose();
      },
      onError: (e) => {
        if (!showFieldErrors(form, e, FIELDS, warehouseErrorMessage)) setError(warehouseErrorMessage(e));
      },
    });
  };

  return (
    <Modal
      open={!!location}
      title={editing ? t('warehouses:locations.editTitle', { code: editing.code }) : t('warehouses:locations.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      maskClosable={false}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form form={form} layout="vertical">
        <Form.Item name="warehouseId" label={t('warehouses:fields.warehouse')} rules={[{ required: true, message: t('common:validation.required') }]}>
          <WarehouseSelect disabled={!!editing} includeStopped={!!editing} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('warehouses:locations.code')}
          normalize={(v: string) => v?.replace(/\s+/g, '')}
          rules={[requiredRule(), { max: 32, message: t('warehouses:validation.max', { max: 32 }) }, { pattern: /^[\x21-\x7E]*$/, message: t('warehouses:validation.code') }]}
        >
          <Input placeholder="A-01-01" maxLength={32} />
        </Form.Item>
        <Form.Item name="zone" label={t('warehouses:locations.zone')} rules={[{ max: 30, message: t('warehouses:validation.max', { max: 30 }) }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="remark" label={t('warehouses:fields.remark')} rules={[{ max: 200, message: t('warehouses:validation.max', { max: 200 }) }]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
