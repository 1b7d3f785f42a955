// Phone binding, reached after a sign-in that still needs a phone number.
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accessToken } from '../../../app/auth-store';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { mobileRules, smsCodeRules } from '../../../ui/form-rules';
import { SmsCodeButton } from '../../../ui/sms-code-button';
import { accountsApi } from '../api';
import { AuthFrame } from '../components/auth-frame';

export default function BindingPhonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ mobile: string; smsCode: string }>();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  if (!accessToken()) return <Navigate to="/login?from=%2FbindingPhone" replace />;
  return (
    <AuthFrame>
      <Card className="os-auth-card" title={<Typography.Title level={3} style={{ margin: 0 }}>{t('auth:bindTitle')}</Typography.Title>}>
        <Typography.Paragraph type="secondary">{t('auth:bindExplain')}</Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form
          form={form}
          layout="vertical"
          onFinish={async (values) => {
            setLoading(true);
            setError(null);
            try {
              await accountsApi.bindPhone(values.mobile.trim(), values.smsCode.trim());
              toast.success(t('auth:bindDone'));
              await queryClient.invalidateQueries();
              navigate('/', { replace: true });
            } catch (e) {
              if (e instanceof ApiError) setError(errorMessage(e));
            } finally {
              setLoading(false);
            }
          }}
        >
          <Form.Item name="mobile" label={t('auth:mobile')} rules={mobileRules()}>
            <Input autoComplete="tel" />
          </Form.Item>
          <Form.Item label={t('auth:smsCode')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="smsCode" noStyle rules={smsCodeRules()}>
                <Input maxLength={6} autoComplete="one-time-code" aria-label={t('auth:smsCode')} />
              </Form.Item>
              <SmsCodeButton
                send={async () => {
                  const { mobile } = await form.validateFields(['mobile']);
                  return accountsApi.sendSmsCode(mobile.trim(), 'BIND_PHONE');
                }}
              />
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>
            {t('auth:bindSubmit')}
          </Button>
        </Form>
      </Card>
    </AuthFrame>
  );
}
