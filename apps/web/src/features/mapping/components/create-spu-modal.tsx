// Create system goods from an online item: an SPU with one SKU per online SKU (codes taken from
// the outer codes), then every online SKU of the item confirmed to its new SKU.
import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TbSkuRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { requiredRule } from '../../../ui/form-rules';
import { mappingApi } from '../api';
import { mappingErrorMessage, useMappingMutation } from '../queries';
import { showFieldErrors } from './form-errors';

export function CreateSpuModal({ row, onClose }: { row: TbSkuRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string; name: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMappingMutation(mappingApi.createSpu, { toastErrors: false });

  useEffect(() => {
    setProblem(null);
    if (row) form.setFieldsValue({ code: row.outerId ?? row.tbSpuId, name: row.itemTitle });
  }, [row, form]);

  const save = async () => {
    if (!row) return;
    // A form with problems shows them next to the fields; nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    create.mutate(
      { id: row.tbSpuRowId, code: values.code, name: values.name },
      {
        onSuccess: (result) => {
          toast.success(t('mapping:createSpu.done', { count: result.mapped }));
          onClose();
        },
        onError: (error) => {
          if (!showFieldErrors(form, error, ['code', 'name'])) setProblem(mappingErrorMessage(error));
        },
      },
    );
  };

  return (
    <Modal
      open={!!row}
      title={t('mapping:createSpu.title')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('mapping:createSpu.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={create.isPending}
      maskClosable={false}
      destroyOnHidden
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('mapping:createSpu.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="code" label={t('mapping:createSpu.code')} rules={[requiredRule(), { max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="name" label={t('mapping:createSpu.name')} rules={[requiredRule(), { max: 200 }]}>
          <Input />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} role="alert" />}
    </Modal>
  );
}
