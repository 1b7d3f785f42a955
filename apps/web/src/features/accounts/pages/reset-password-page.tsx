// Forgot password: match the username and phone, receive an SMS code, set a new password.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, Result, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { confirmPasswordRules, mobileRules, passwordRules, requiredRule, smsCodeRules } from '../../../ui/form-rules';
import { LanguageSelect } from '../../../ui/language-select';
import { SmsCodeButton } from '../../../ui/sms-code-button';
import { accountsApi } from '../api';
import { AuthFrame } from '../components/auth-frame';
import { applyServerFieldErrors } from '../components/form-errors';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [who, setWho] = useState<{ username: string; mobile: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form1] = Form.useForm<{ username: string; mobile: string }>();
  const [form2] = Form.useForm<{ authCode: string; password: string; confirm: string }>();
  const [loading, setLoading] = useState(false);

  return (
    <AuthFrame>
      <Card className="os-auth-card" style={{ maxWidth: 480 }} title={<Typography.Title level={3} style={{ margin: 0 }}>{t('auth:resetTitle')}</Typography.Title>}>
        <Steps size="small" current={step} items={[{ title: t('auth:resetStep1') }, { title: t('auth:resetStep2') }, { title: t('auth:resetStep3') }]} style={{ marginBottom: 24 }} />
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        {step === 0 && (
          <Form
            form={form1}
            layout="vertical"
            onFinish={async (values) => {
              setLoading(true);
              setError(null);
              try {
                const username = values.username.trim();
                const mobile = values.mobile.trim();
                await accountsApi.forgetPasswordCheck(username, mobile);
                setWho({ username, mobile });
                toast.success(t('auth:smsSent'));
                setStep(1);
              } catch (e) {
                if (e instanceof ApiError && !applyServerFieldErrors(form1, e)) setError(errorMessage(e));
              } finally {
                setLoading(false);
              }
            }}
          >
            <Form.Item name="username" label={t('auth:username')} rules={[requiredRule()]}>
              <Input autoComplete="username" />
            </Form.Item>
            <Form.Item name="mobile" label={t('auth:boundMobile')} rules={mobileRules()}>
              <Input autoComplete="tel" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading}>
              {t('auth:sendCodeAndContinue')}
            </Button>
          </Form>
        )}
        {step === 1 && who && (
          <Form
            form={form2}
            layout="vertical"
            onFinish={async (values) => {
              setLoading(true);
              setError(null);
              try {
                await accountsApi.resetPassword({ ...who, password: values.password, authCode: values.authCode.trim() });
                setStep(2);
              } catch (e) {
                if (e instanceof ApiError && !applyServerFieldErrors(form2, e, { password: 'password' })) setError(errorMessage(e));
              } finally {
                setLoading(false);
              }
            }}
          >
            <Form.Item label={t('auth:smsCode')} required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="authCode" noStyle rules={smsCodeRules()}>
                  <Input maxLength={6} autoComplete="one-time-code" aria-label={t('auth:smsCode')} />
                </Form.Item>
                <SmsCodeButton send={() => accountsApi.forgetPasswordCheck(who.username, who.mobile)} />
              </Space.Compact>
            </Form.Item>
            <Form.Item name="password" label={t('accounts:password.new')} rules={passwordRules(undefined, who.username)} extra={t('auth:passwordHint')}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="confirm" label={t('auth:confirmPassword')} dependencies={['password']} rules={confirmPasswordRules('password')}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading}>
              {t('auth:resetSubmit')}
            </Button>
          </Form>
        )}
        {step === 2 && (
          <Result
            status="success"
            title={t('auth:resetDone')}
            extra={
              <Button type="primary" onClick={() => navigate('/login')}>
                {t('auth:signIn')}
              </Button>
            }
          />
        )}
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/login">{t('auth:backToSignIn')}</Link>
        </div>
      </Card>
      <div className="os-auth-lang">
        <LanguageSelect />
      </div>
    </AuthFrame>
  );
}
