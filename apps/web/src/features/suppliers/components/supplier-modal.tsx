// New supplier, or edit one: code, name, contact, phone (mobile or landline), address, remark, status,
// and the receipt tolerance of its purchase orders as a percent (0…100, at most 2 decimals).
import { useEffect, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANDLINE_PATTERN, MOBILE_PATTERN, ReceiptTolerancePercent, type SupplierRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { requiredRule } from '../../../ui/form-rules';
import { showFieldErrors } from '../../warehouses/components/form-errors';
import { suppliersApi, type SupplierFormValues } from '../api';
import { supplierErrorMessage, useSuppliersMutation } from '../queries';

const FIELDS = ['code', 'name', 'contact', 'phone', 'address', 'remark', 'status', 'receiptTolerancePercent'] as const;

export function SupplierModal({ supplier, onClose }: { supplier: SupplierRow | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SupplierFormValues>();
  const [error, setError] = useState<string | null>(null);
  const editing = supplier && supplier !== 'new' ? supplier : null;
  const save = useSuppliersMutation((values: SupplierFormValues) => (editing ? suppliersApi.update({ ...values, id: editing.id, version: editing.version }) : suppliersApi.create(values)), {
    toastErrors: false,
  });

  useEffect(() => {
    if (!supplier) return;
    setError(null);
    form.resetFields();
    if (editing) form.setFieldsValue({ ...editing, contact: editing.contact ?? '', phone: editing.phone ?? '', address: editing.address ?? '', remark: editing.remark ?? '' });
    // Only when the dialog opens on another supplier.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [supplier]);

  const max = (n: number) => ({ max: n, message: t('suppliers:validation.max', { max: n }) });
  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    // The percent goes as text: exact decimals, checked by the same contract as the server's.
    const percent = values.receiptTolerancePercent;
    save.mutate({ ...values, receiptTolerancePercent: percent === undefined || percent === null || percent === '' ? '0' : String(percent) }, {
      onSuccess: (saved) => {
        toast.success(t(editing ? 'suppliers:form.updated' : 'suppliers:form.created', { name: saved.name }));
        onClose();
      },
      onError: (e) => {
        if (!showFieldErrors(form, e, FIELDS, supplierErrorMessage)) setError(supplierErrorMessage(e));
      },
    });
  };

  return (
    <Modal
      open={!!supplier}
      title={editing ? t('suppliers:form.editTitle', { name: editing.name }) : t('suppliers:list.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      maskClosable={false}
      destroyOnHidden
      width={600}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form form={form} layout="vertical" initialValues={{ status: 'ENABLED', receiptTolerancePercent: '0' }}>
        <Form.Item
          name="code"
          label={t('suppliers:fields.code')}
          normalize={(v: string) => v?.replace(/\s+/g, '')}
          rules={[requiredRule(), max(32), { pattern: /^[\x21-\x7E]*$/, message: t('suppliers:validation.code') }]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="name" label={t('suppliers:fields.name')} rules={[requiredRule(), max(100)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="contact" label={t('suppliers:fields.contact')} rules={[max(30)]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('suppliers:fields.phone')}
          rules={[
            {
              validator: (_r, v: string | undefined) =>
                !v?.trim() || MOBILE_PATTERN.test(v.trim()) || LANDLINE_PATTERN.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('suppliers:validation.phone'))),
            },
          ]}
        >
          <Input maxLength={20} placeholder="13800138000 / 0571-88886666" />
        </Form.Item>
        <Form.Item name="address" label={t('suppliers:fields.address')} rules={[max(200)]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="remark" label={t('suppliers:fields.remark')} rules={[max(200)]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <Form.Item
          name="receiptTolerancePercent"
          label={t('suppliers:fields.receiptTolerance')}
          extra={t('suppliers:form.toleranceHelp')}
          rules={[
            {
              validator: (_r, v: string | number | null | undefined) =>
                v === undefined || v === null || v === '' || ReceiptTolerancePercent.safeParse(v).success ? Promise.resolve() : Promise.reject(new Error(t('suppliers:validation.tolerance'))),
            },
          ]}
        >
          <InputNumber<string> stringMode min="0" max="100" step="0.5" suffix="%" style={{ width: 160 }} aria-label={t('suppliers:fields.receiptTolerance')} />
        </Form.Item>
        <Form.Item name="status" label={t('suppliers:fields.status')}>
          <Radio.Group
            options={[
              { value: 'ENABLED', label: t('suppliers:status.ENABLED') },
              { value: 'DISABLED', label: t('suppliers:status.DISABLED') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
