// Create or edit a role: its name and the menus and fields it grants, grouped as the
// navigation groups them.
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Divider, Drawer, Form, Input, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { requiredRule } from '../../../ui/form-rules';
import { accountsApi } from '../api';
import { useAccountsMutation, useGrantable } from '../queries';
import { applyServerFieldErrors } from './form-errors';

interface Values {
  roleName: string;
  remark?: string;
  menus: string[];
  fields: string[];
}

export function RoleEditor({ role, onClose }: { role: RoleRow | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const grantable = useGrantable();
  const [error, setError] = useState<string | null>(null);
  const save = useAccountsMutation(async (values: Values) => {
    if (role === 'new') return accountsApi.createRole({ roleName: values.roleName.trim(), remark: values.remark?.trim(), menus: values.menus, fields: values.fields });
    return accountsApi.updateRole({ id: role!.id, version: role!.version, roleName: values.roleName.trim(), remark: values.remark?.trim(), menus: values.menus, fields: values.fields });
  });

  useEffect(() => {
    setError(null);
    if (role === 'new') form.setFieldsValue({ roleName: '', remark: '', menus: [], fields: [] });
    else if (role) form.setFieldsValue({ roleName: role.roleName, remark: role.remark ?? '', menus: role.menus, fields: role.fields });
  }, [role, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    save.mutate(values, {
      onSuccess: () => {
        toast.success(t('common:saved'));
        onClose();
      },
      onError: (e) => {
        if (e instanceof ApiError && !applyServerFieldErrors(form, e)) setError(errorMessage(e));
      },
    });
  };

  return (
    <Drawer
      open={!!role}
      width={640}
      title={role === 'new' ? t('accounts:roles.add') : t('accounts:roles.edit')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            {t('common:actions.save')}
          </Button>
        </Space>
      }
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={{ menus: [], fields: [] }}>
        <Form.Item name="roleName" label={t('accounts:roles.name')} rules={[requiredRule(), { max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="remark" label={t('accounts:roles.remark')} rules={[{ max: 200 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        {grantable.isPending ? (
          <Spin />
        ) : (
          <>
            <Divider titlePlacement="start">{t('accounts:roles.menus')}</Divider>
            <Form.Item name="menus" noStyle>
              <Checkbox.Group style={{ width: '100%' }}>
                <Space direction="vertical" size={12} style={{ width: '100%' }}>
                  {grantable.data?.groups.map((group) => (
                    <div key={group.key}>
                      <Typography.Text strong>{t(`nav:menuGroups.${group.key}`)}</Typography.Text>
                      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 16px', marginTop: 6 }}>
                        {group.menus.map((menu) => (
                          <Checkbox key={menu.key} value={menu.key}>
                            {t(`nav:menus.${menu.key}`)}
                          </Checkbox>
                        ))}
                      </div>
                    </div>
                  ))}
                </Space>
              </Checkbox.Group>
            </Form.Item>
            <Divider titlePlacement="start">{t('accounts:roles.fields')}</Divider>
            <Typography.Paragraph type="secondary">{t('accounts:roles.fieldsExplain')}</Typography.Paragraph>
            <Form.Item name="fields">
              <Checkbox.Group options={(grantable.data?.fields ?? []).map((f) => ({ value: f, label: t(`nav:fields.${f}`) }))} />
            </Form.Item>
          </>
        )}
      </Form>
    </Drawer>
  );
}
