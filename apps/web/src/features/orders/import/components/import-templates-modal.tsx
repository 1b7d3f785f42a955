// The order import template manager (spec 02 §7.13 sohTemplate): the saved templates, and an
// editor mapping each header text of the seller's own spreadsheet to an order field.
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime, ORDER_IMPORT_FIELDS, ORDER_IMPORT_REQUIRED_FIELDS, type OrderImportFieldMap, type OrderImportTemplateVo } from '@openseller/core';
import { ApiError, errorMessage } from '../../../../app/request';
import { toast } from '../../../../app/toast';
import { requiredRule } from '../../../../ui/form-rules';
import { applyServerFieldErrors } from '../../../accounts/components/form-errors';
import { useDefaultFields, useImportTemplate, useImportTemplates, useRemoveTemplate, useSaveTemplate } from '../queries';

export function ImportTemplatesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const templates = useImportTemplates(open);
  const remove = useRemoveTemplate();
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  return (
    <Modal open={open} title={t('orderimport:templates.title')} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('orderimport:templates.create')}
        </Button>
        <Typography.Text type="secondary">{t('orderimport:templates.hint')}</Typography.Text>
      </Space>
      <Table<OrderImportTemplateVo>
        size="small"
        rowKey="id"
        loading={templates.isFetching}
        dataSource={templates.data?.voList ?? []}
        pagination={false}
        locale={{ emptyText: t('orderimport:templates.empty') }}
        columns={[
          { title: t('orderimport:templates.name'), dataIndex: 'name' },
          { title: t('orderimport:templates.updatedAt'), dataIndex: 'updatedAt', width: 180, render: (v: string) => formatDateTime(v) },
          {
            title: t('common:actions.title'),
            width: 160,
            render: (_: unknown, row) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(row.id)}>
                  {t('orderimport:templates.edit')}
                </Button>
                <Popconfirm title={t('orderimport:templates.removeConfirm', { name: row.name })} onConfirm={() => remove.mutateAsync(row.id).then(() => toast.success(t('orderimport:templates.removed')))}>
                  <Button type="link" size="small" danger>
                    {t('orderimport:templates.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <TemplateEditor id={editing} onClose={() => setEditing(null)} />
    </Modal>
  );
}

interface Values {
  name: string;
  fieldsArr: OrderImportFieldMap[];
}

function TemplateEditor({ id, onClose }: { id: number | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const defaults = useDefaultFields();
  const existing = useImportTemplate(typeof id === 'number' ? id : null);
  const save = useSaveTemplate();
  const [mappingError, setMappingError] = useState<string | null>(null);

  useEffect(() => {
    if (id === null) return;
    setMappingError(null);
    if (id === 'new' && defaults.data) form.setFieldsValue({ name: '', fieldsArr: defaults.data });
    if (typeof id === 'number' && existing.data) form.setFieldsValue({ name: existing.data.templateVo.name, fieldsArr: existing.data.fieldsArr });
  }, [id, defaults.data, existing.data, form]);

  const submit = async (values: Values) => {
    const mapped = new Set(values.fieldsArr.map((f) => f.field));
    const missing = ORDER_IMPORT_REQUIRED_FIELDS.filter((f) => !mapped.has(f));
    const hasAddress = mapped.has('fullAddress') || (mapped.has('province') && mapped.has('city') && mapped.has('address'));
    if (missing.length || !hasAddress) {
      setMappingError(
        [missing.length ? t('orderimport:templates.missing', { fields: missing.map((f) => t(`orderimport:fields.${f}`)).join(', ') }) : '', hasAddress ? '' : t('orderimport:templates.needAddress')]
          .filter(Boolean)
          .join(' '),
      );
      return;
    }
    setMappingError(null);
    try {
      const input = { name: values.name, fieldsArr: values.fieldsArr };
      await save.mutateAsync(typeof id === 'number' ? { ...input, id, version: existing.data!.templateVo.version } : input);
      toast.success(t('orderimport:templates.saved'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        if (!applyServerFieldErrors(form, error)) setMappingError(errorMessage(error));
      } else throw error;
    }
  };

  const fieldOptions = ORDER_IMPORT_FIELDS.map((f) => ({ value: f, label: t(`orderimport:fields.${f}`) }));

  return (
    <Modal
      open={id !== null}
      title={id === 'new' ? t('orderimport:templates.create') : t('orderimport:templates.edit')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} preserve={false}>
        <Form.Item name="name" label={t('orderimport:templates.name')} rules={[requiredRule(), { max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('orderimport:templates.mappingHint')}</Typography.Paragraph>
        <Form.List name="fieldsArr">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[item.name, 'header']} rules={[requiredRule(), { max: 100 }]} style={{ marginBottom: 8 }}>
                    <Input placeholder={t('orderimport:templates.header')} aria-label={t('orderimport:templates.header')} style={{ width: 240 }} />
                  </Form.Item>
                  <Typography.Text type="secondary">→</Typography.Text>
                  <Form.Item name={[item.name, 'field']} rules={[requiredRule()]} style={{ marginBottom: 8 }}>
                    <Select options={fieldOptions} aria-label={t('orderimport:templates.field')} style={{ width: 220 }} />
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} aria-label={t('orderimport:templates.removeColumn')} onClick={() => remove(item.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ header: '', field: undefined })} disabled={items.length >= ORDER_IMPORT_FIELDS.length}>
                {t('orderimport:templates.addColumn')}
              </Button>
            </>
          )}
        </Form.List>
        {mappingError && <Alert type="error" showIcon message={mappingError} style={{ marginTop: 12 }} role="alert" />}
      </Form>
    </Modal>
  );
}
