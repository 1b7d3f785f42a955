// Registration: a new domain at level LITE with its main account (spec 01 §4.1 step 3).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Checkbox, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../app/request';
import { confirmPasswordRules, mobileRules, passwordRules, requiredRule, smsCodeRules } from '../../../ui/form-rules';
import { LanguageSelect } from '../../../ui/language-select';
import { SmsCodeButton } from '../../../ui/sms-code-button';
import { accountsApi } from '../api';
import { AuthFrame } from '../components/auth-frame';
import { applyServerFieldErrors } from '../components/form-errors';
import { useLoginSuccess } from './login-page';

interface Values {
  username: string;
  password: string;
  confirm: string;
  companyName: string;
  contactName?: string;
  contactEmail?: string;
  mobile: string;
  smsCode: string;
  agree: boolean;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const onSuccess = useLoginSuccess();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const submit = async (values: Values) => {
    setLoading(true);
    setError(null);
    try {
      const result = await accountsApi.register({
        username: values.username.trim(),
        password: values.password,
        mobile: values.mobile.trim(),
        smsCode: values.smsCode.trim(),
        companyName: values.companyName.trim(),
        ...(values.contactName?.trim() ? { contactName: values.contactName.trim() } : {}),
        ...(values.contactEmail?.trim() ? { contactEmail: values.contactEmail.trim() } : {}),
      });
      onSuccess(result);
    } catch (e) {
      if (e instanceof ApiError && !applyServerFieldErrors(form, e)) setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthFrame>
      <Card className="os-auth-card" style={{ maxWidth: 480 }} title={<Typography.Title level={3} style={{ margin: 0 }}>{t('auth:registerTitle')}</Typography.Title>}>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark>
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
          <Form.Item name="username" label={t('auth:username')} rules={[requiredRule(), { max: 64 }]}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('auth:password')} rules={passwordRules('username')} dependencies={['username']} extra={t('auth:passwordHint')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirm" label={t('auth:confirmPassword')} dependencies={['password']} rules={confirmPasswordRules('password')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="companyName" label={t('auth:companyName')} rules={[requiredRule(), { max: 100 }]}>
            <Input autoComplete="organization" />
          </Form.Item>
          <Form.Item name="contactName" label={t('auth:contactName')} rules={[{ max: 50 }]}>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item name="contactEmail" label={t('auth:contactEmail')} rules={[{ type: 'email', message: t('common:validation.email') }]}>
            <Input autoComplete="email" />
          </Form.Item>
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
                  return accountsApi.sendSmsCode(mobile.trim(), 'REGISTER');
                }}
              />
            </Space.Compact>
          </Form.Item>
          <Form.Item
            name="agree"
            valuePropName="checked"
            rules={[{ validator: (_r, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('auth:mustAgree')))) }]}
          >
            <Checkbox>
              {t('auth:agreePrefix')} <Link to="/protocol" target="_blank">{t('nav:routes.protocol')}</Link> {t('auth:and')}{' '}
              <Link to="/privacy" target="_blank">{t('nav:routes.privacy')}</Link>
            </Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={loading}>
            {t('auth:registerSubmit')}
          </Button>
          <div style={{ marginTop: 16, textAlign: 'center' }}>
            {t('auth:haveAccount')} <Link to="/login">{t('auth:signIn')}</Link>
          </div>
        </Form>
      </Card>
      <div className="os-auth-lang">
        <LanguageSelect />
      </div>
    </AuthFrame>
  );
}
