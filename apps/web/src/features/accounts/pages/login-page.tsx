// Seller sign-in (spec 01 §4.1): password or SMS code; an image captcha when the server asks
// for one; 登录成功！ then home, the `from` address, or phone binding.
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Checkbox, Form, Input, Space, Tabs, Typography } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoginResult } from '@openseller/core';
import { STORAGE_KEYS } from '../../../app/auth-store';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { LanguageSelect } from '../../../ui/language-select';
import { mobileRules, requiredRule, smsCodeRules } from '../../../ui/form-rules';
import { SmsCodeButton } from '../../../ui/sms-code-button';
import { accountsApi } from '../api';
import { AuthFrame } from '../components/auth-frame';

function newUniqueCode(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/** The image captcha of a uniqueCode, fetched afresh (POST login/validate) each time nonce changes. */
function CaptchaImage({ uniqueCode, nonce, alt, title, onClick }: { uniqueCode: string; nonce: number; alt: string; title: string; onClick: () => void }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let url: string | undefined;
    let live = true;
    accountsApi
      .captchaImage(uniqueCode)
      .then((made) => {
        url = made;
        if (live) setSrc(made);
        else URL.revokeObjectURL(made);
      })
      .catch(() => live && setSrc(undefined));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [uniqueCode, nonce]);
  return <img className="os-captcha" src={src} alt={alt} title={title} onClick={onClick} width={110} height={40} />;
}

/** The login-success flow shared by password, SMS and registration sign-ins. */
export function useLoginSuccess() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  return (result: LoginResult) => {
    queryClient.clear();
    toast.success(t('auth:loginSuccess'));
    if (result.needBindingPhone) {
      navigate('/bindingPhone', { replace: true });
      return;
    }
    const from = params.get('from');
    const isLoginRoute = !from || from.split('?')[0] === '/login';
    navigate(isLoginRoute ? '/' : from, { replace: true });
  };
}

interface PasswordValues {
  username: string;
  password: string;
  validateCode?: string;
  rememberMe: boolean;
}

function PasswordLogin() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const onSuccess = useLoginSuccess();
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [uniqueCode] = useState(newUniqueCode);
  const [nonce, setNonce] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const remembered = useMemo(() => localStorage.getItem(STORAGE_KEYS.rememberedUser) ?? '', []);

  const submit = async (values: PasswordValues) => {
    setLoading(true);
    setError(null);
    try {
      const username = values.username.trim();
      const result = await accountsApi.login({
        username,
        password: values.password,
        rememberMe: values.rememberMe,
        ...(needCaptcha ? { uniqueCode, validateCode: values.validateCode?.trim() } : {}),
      });
      if (values.rememberMe) localStorage.setItem(STORAGE_KEYS.rememberedUser, username);
      else localStorage.removeItem(STORAGE_KEYS.rememberedUser);
      onSuccess(result);
    } catch (e) {
      if (e instanceof ApiError) {
        setError(errorMessage(e));
        if (e.params.needCaptcha || e.code === 'ERR_SECURITY_NO_VALIDATE_CODE') setNeedCaptcha(true);
        if (e.refreshesCaptcha) {
          setNonce((n) => n + 1);
          form.setFieldValue('validateCode', '');
        }
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form form={form} layout="vertical" size="large" initialValues={{ username: remembered, rememberMe: !!remembered }} onFinish={submit} requiredMark={false}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form.Item name="username" label={t('auth:username')} rules={[requiredRule()]}>
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus={!remembered} />
      </Form.Item>
      <Form.Item name="password" label={t('auth:password')} rules={[{ required: true, message: t('common:validation.required') }]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" autoFocus={!!remembered} />
      </Form.Item>
      {needCaptcha && (
        <Form.Item label={t('auth:captcha')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="validateCode" noStyle rules={[requiredRule()]}>
              <Input prefix={<SafetyOutlined />} maxLength={8} autoComplete="off" aria-label={t('auth:captcha')} />
            </Form.Item>
            <CaptchaImage
              uniqueCode={uniqueCode}
              nonce={nonce}
              alt={t('auth:captchaImage')}
              title={t('auth:captchaRefresh')}
              onClick={() => setNonce((n) => n + 1)}
            />
          </Space.Compact>
        </Form.Item>
      )}
      <Form.Item>
        <div style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Form.Item name="rememberMe" valuePropName="checked" noStyle>
            <Checkbox>{t('auth:rememberMe')}</Checkbox>
          </Form.Item>
          <Link to="/resetpwd">{t('auth:forgotPassword')}</Link>
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        {t('auth:signIn')}
      </Button>
    </Form>
  );
}

function SmsLogin() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ mobile: string; validateCode: string }>();
  const onSuccess = useLoginSuccess();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={async (values) => {
        setLoading(true);
        setError(null);
        try {
          onSuccess(await accountsApi.loginBySms({ mobile: values.mobile.trim(), validateCode: values.validateCode.trim(), rememberMe: false }));
        } catch (e) {
          if (e instanceof ApiError) setError(errorMessage(e));
        } finally {
          setLoading(false);
        }
      }}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form.Item name="mobile" label={t('auth:mobile')} rules={mobileRules()}>
        <Input prefix={<MobileOutlined />} autoComplete="tel" />
      </Form.Item>
      <Form.Item label={t('auth:smsCode')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="validateCode" noStyle rules={smsCodeRules()}>
            <Input maxLength={6} autoComplete="one-time-code" aria-label={t('auth:smsCode')} />
          </Form.Item>
          <SmsCodeButton
            send={async () => {
              const { mobile } = await form.validateFields(['mobile']);
              return accountsApi.sendSmsCode(mobile.trim(), 'LOGIN');
            }}
          />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        {t('auth:signIn')}
      </Button>
    </Form>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthFrame>
      <Card className="os-auth-card" title={<Typography.Title level={3} style={{ margin: 0 }}>{t('auth:signInTitle')}</Typography.Title>}>
        <Tabs
          items={[
            { key: 'password', label: t('auth:byPassword'), children: <PasswordLogin /> },
            { key: 'sms', label: t('auth:bySms'), children: <SmsLogin /> },
          ]}
        />
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          {t('auth:noAccount')} <Link to="/register">{t('auth:registerNow')}</Link>
        </div>
      </Card>
      <div className="os-auth-lang">
        <LanguageSelect />
      </div>
    </AuthFrame>
  );
}
