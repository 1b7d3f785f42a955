// Dialogs of the batch edits: change courier (the domain's carriers), change warehouse, and the
// seller flag with remark. Each answers through onSubmit; the command bar runs the batch.
import { useEffect } from 'react';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserExpressCompanies } from '../../../express/queries';
import { useWarehouseOptions } from '../../../warehouses/queries';

interface ChoiceProps<V> {
  open: boolean;
  count: number;
  pending: boolean;
  onClose: () => void;
  onSubmit: (values: V) => void;
}

export function CourierModal({ open, count, pending, onClose, onSubmit }: ChoiceProps<{ expressCompanyCode: string }>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ expressCompanyCode: string }>();
  const companies = useUserExpressCompanies();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal open={open} title={t('ordercommands:courier.title', { count })} onCancel={onClose} onOk={() => form.submit()} okText={t('ordercommands:dialog.ok')} cancelText={t('common:actions.cancel')} confirmLoading={pending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={onSubmit}>
        <Form.Item name="expressCompanyCode" label={t('ordercommands:courier.label')} rules={[{ required: true, message: t('ordercommands:courier.required') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={companies.isLoading}
            options={(companies.data ?? []).map((c) => ({ value: c.code, label: c.udf4 ? `${c.name} (${c.udf4})` : c.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function WarehouseModal({ open, count, pending, onClose, onSubmit }: ChoiceProps<{ warehouseId: number }>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ warehouseId: number }>();
  const warehouses = useWarehouseOptions();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal open={open} title={t('ordercommands:warehouse.title', { count })} onCancel={onClose} onOk={() => form.submit()} okText={t('ordercommands:dialog.ok')} cancelText={t('common:actions.cancel')} confirmLoading={pending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={onSubmit}>
        <Form.Item name="warehouseId" label={t('ordercommands:warehouse.label')} rules={[{ required: true, message: t('ordercommands:warehouse.required') }]}>
          <Select showSearch optionFilterProp="label" loading={warehouses.isLoading} options={(warehouses.data ?? []).map((w) => ({ value: w.id, label: w.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export const SELLER_FLAGS = [0, 1, 2, 3, 4, 5] as const;

export function FlagModal({ open, count, pending, onClose, onSubmit }: ChoiceProps<{ sellerFlag: number; sellerRemark?: string }>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ sellerFlag: number; sellerRemark?: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ sellerFlag: 0, sellerRemark: '' });
  }, [open, form]);
  return (
    <Modal open={open} title={t('ordercommands:flag.title', { count })} onCancel={onClose} onOk={() => form.submit()} okText={t('ordercommands:dialog.ok')} cancelText={t('common:actions.cancel')} confirmLoading={pending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={onSubmit}>
        <Form.Item name="sellerFlag" label={t('ordercommands:flag.label')}>
          <Radio.Group options={SELLER_FLAGS.map((f) => ({ value: f, label: t(`ordercommands:flag.colors.${f}`) }))} />
        </Form.Item>
        <Form.Item name="sellerRemark" label={t('ordercommands:flag.remark')} rules={[{ max: 500, message: t('ordercommands:flag.remarkTooLong') }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
