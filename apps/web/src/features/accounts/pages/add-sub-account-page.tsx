// Create a sub-account, or edit one (?id=): its name, contact, roles and, on creation, password.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Checkbox, Empty, Form, Input, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { confirmPasswordRules, mobileRules, passwordRules, requiredRule } from '../../../ui/form-rules';
import { PageTitle } from '../../../ui/page-title';
import { leaveWithoutAsking, useUnsavedChanges } from '../../../ui/unsaved-changes';
import { accountsApi } from '../api';
import { applyServerFieldErrors } from '../components/form-errors';
import { useAccountsMutation, useRoles, useSubUser } from '../queries';

interface Values {
  loginName: string;
  userName: string;
  password?: string;
  confirm?: string;
  phone?: string;
  email?: string;
  roleIds: number[];
  remark?: string;
}

export default function AddSubAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const existing = useSubUser(id);
  const roles = useRoles();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  // Changed by the user since the page loaded (loading uses setFieldsValue, which is not a change).
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);

  useEffect(() => {
    if (existing.data) {
      const u = existing.data;
      form.setFieldsValue({ loginName: u.loginName, userName: u.userName, phone: u.phone ?? '', email: u.email ?? '', roleIds: u.roleIds, remark: u.remark ?? '' });
    }
  }, [existing.data, form]);

  const save = useAccountsMutation(async (values: Values) => {
    const common = {
      userName: values.userName.trim(),
      phone: values.phone?.trim() ?? '',
      email: values.email?.trim() ?? '',
      roleIds: values.roleIds ?? [],
      remark: values.remark?.trim() ?? '',
    };
    if (id && existing.data) return accountsApi.updateSubUser({ id, version: existing.data.version, ...common });
    return accountsApi.createSubUser({ loginName: values.loginName.replace(/\s+/g, ''), password: values.password!, ...common });
  });

  if (id && existing.isPending) return <Spin />;
  const title = id ? t('accounts:subUsers.editTitle') : t('nav:routes.addSubAccount');

  return (
    <>
      <PageTitle title={title} extra={<Link to="/config/subAccount">{t('common:actions.back')}</Link>} />
      <Card style={{ maxWidth: 760 }}>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form
          form={form}
          layout="vertical"
          initialValues={{ roleIds: [] }}
          onValuesChange={() => setChanged(true)}
          onFinish={(values) => {
            setError(null);
            save.mutate(values, {
              onSuccess: () => {
                toast.success(t('common:saved'));
                leaveWithoutAsking(() => navigate('/config/subAccount'));
              },
              onError: (e) => {
                if (e instanceof ApiError && !applyServerFieldErrors(form, e)) setError(errorMessage(e));
              },
            });
          }}
        >
          <Form.Item name="loginName" label={t('auth:username')} rules={[requiredRule(), { max: 64 }, { pattern: /^[A-Za-z0-9_.@:-]+$/, message: t('accounts:subUsers.loginNameChars') }]} extra={!id && t('accounts:subUsers.loginNameHint')}>
            <Input disabled={!!id} autoComplete="off" />
          </Form.Item>
          <Form.Item name="userName" label={t('accounts:center.userName')} rules={[requiredRule(), { max: 50 }]}>
            <Input />
          </Form.Item>
          {!id && (
            <>
              <Form.Item name="password" label={t('auth:password')} rules={passwordRules('loginName')} dependencies={['loginName']} extra={t('auth:passwordHint')}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item name="confirm" label={t('auth:confirmPassword')} dependencies={['password']} rules={confirmPasswordRules('password')}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </>
          )}
          <Form.Item name="phone" label={t('auth:mobile')} rules={mobileRules(false)}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="email" label={t('accounts:center.email')} rules={[{ type: 'email', message: t('common:validation.email') }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="roleIds" label={t('accounts:subUsers.roles')} extra={t('accounts:subUsers.rolesHint')}>
            {roles.data?.length ? (
              <Checkbox.Group>
                <Space direction="vertical">
                  {roles.data.map((r) => (
                    <Checkbox key={r.id} value={r.id}>
                      {r.roleName} <Typography.Text type="secondary">({t('accounts:roles.menuCount', { count: r.menus.length })})</Typography.Text>
                    </Checkbox>
                  ))}
                </Space>
              </Checkbox.Group>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Link to="/config/subAccount?tab=roles">{t('accounts:subUsers.noRolesYet')}</Link>} />
            )}
          </Form.Item>
          <Form.Item name="remark" label={t('accounts:roles.remark')} rules={[{ max: 200 }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common:actions.save')}
            </Button>
            <Button onClick={() => navigate('/config/subAccount')}>{t('common:actions.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </>
  );
}
