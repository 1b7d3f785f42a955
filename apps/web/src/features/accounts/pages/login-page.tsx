// Seller sign-in (spec 01 §4.1): password or SMS code; an image captcha when the server asks
// for one; 登录成功！ then home, the `from` address, or phone binding.
// Built from light parts (issue 20: the sign-in page's JavaScript ≤ 250 KB brotli): antd's Input
// and Button; the form (its labels, checks, check box and error), the card, the two tabs and the
// title are plain markup (antd's Form with its validator and label tooltips was 60 KB).
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from 'antd';
import Compact from 'antd/es/space/Compact';
// The input alone, and its password variant: antd's Input index brings TextArea, Search and OTP too.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { CloseCircleFilled, LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isMobile, type LoginResult } from '@openseller/core';
import { STORAGE_KEYS } from '../../../app/auth-store';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { LanguageSelect } from '../../../ui/language-select';
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

/** A field of the sign-in forms: its label above, its message below (as antd's vertical form shows them). */
function Field({ id, label, error, children }: { id?: string; label: string; error?: string | undefined; children: ReactNode }) {
  return (
    <div className={error ? 'os-field os-field-has-error' : 'os-field'}>
      {id ? <label htmlFor={id}>{label}</label> : <span className="os-field-label">{label}</span>}
      {children}
      {error && (
        <div className="os-field-error" role="alert" id={id ? `${id}_help` : undefined}>
          {error}
        </div>
      )}
    </div>
  );
}

/** A refused sign-in, drawn as antd's error Alert is. */
function FormError({ text }: { text: string }) {
  return (
    <div className="os-form-error" role="alert">
      <CloseCircleFilled aria-hidden />
      <span>{text}</span>
    </div>
  );
}

type Errors<K extends string> = Partial<Record<K, string>>;

function PasswordLogin() {
  const { t } = useTranslation();
  const onSuccess = useLoginSuccess();
  const remembered = useMemo(() => localStorage.getItem(STORAGE_KEYS.rememberedUser) ?? '', []);
  const [username, setUsername] = useState(remembered);
  const [password, setPassword] = useState('');
  const [validateCode, setValidateCode] = useState('');
  const [rememberMe, setRememberMe] = useState(!!remembered);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [uniqueCode] = useState(newUniqueCode);
  const [nonce, setNonce] = useState(0);
  const [errors, setErrors] = useState<Errors<'username' | 'password' | 'validateCode'>>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const required = t('common:validation.required');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Errors<'username' | 'password' | 'validateCode'> = {};
    if (!username.trim()) found.username = required;
    if (!password) found.password = required;
    if (needCaptcha && !validateCode.trim()) found.validateCode = required;
    setErrors(found);
    if (Object.keys(found).length) return;
    setLoading(true);
    setError(null);
    try {
      const name = username.trim();
      const result = await accountsApi.login({
        username: name,
        password,
        rememberMe,
        ...(needCaptcha ? { uniqueCode, validateCode: validateCode.trim() } : {}),
      });
      if (rememberMe) localStorage.setItem(STORAGE_KEYS.rememberedUser, name);
      else localStorage.removeItem(STORAGE_KEYS.rememberedUser);
      onSuccess(result);
    } catch (e) {
      if (e instanceof ApiError) {
        setError(errorMessage(e));
        if (e.params.needCaptcha || e.code === 'ERR_SECURITY_NO_VALIDATE_CODE') setNeedCaptcha(true);
        if (e.refreshesCaptcha) {
          setNonce((n) => n + 1);
          setValidateCode('');
        }
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <form className="os-light-form" onSubmit={submit} noValidate>
      {error && <FormError text={error} />}
      <Field id="username" label={t('auth:username')} error={errors.username}>
        <Input
          id="username"
          size="large"
          status={errors.username ? 'error' : undefined}
          prefix={<UserOutlined />}
          autoComplete="username"
          autoFocus={!remembered}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </Field>
      <Field id="password" label={t('auth:password')} error={errors.password}>
        <Password
          id="password"
          size="large"
          status={errors.password ? 'error' : undefined}
          prefix={<LockOutlined />}
          autoComplete="current-password"
          autoFocus={!!remembered}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      {needCaptcha && (
        <Field label={t('auth:captcha')} error={errors.validateCode}>
          <Compact style={{ width: '100%' }}>
            <Input
              id="validateCode"
              size="large"
              status={errors.validateCode ? 'error' : undefined}
              prefix={<SafetyOutlined />}
              maxLength={8}
              autoComplete="off"
              aria-label={t('auth:captcha')}
              value={validateCode}
              onChange={(e) => setValidateCode(e.target.value)}
            />
            <CaptchaImage
              uniqueCode={uniqueCode}
              nonce={nonce}
              alt={t('auth:captchaImage')}
              title={t('auth:captchaRefresh')}
              onClick={() => setNonce((n) => n + 1)}
            />
          </Compact>
        </Field>
      )}
      <div className="os-field" style={{ display: 'flex', justifyContent: 'space-between' }}>
        <label className="os-check">
          <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
          {t('auth:rememberMe')}
        </label>
        <Link to="/resetpwd">{t('auth:forgotPassword')}</Link>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={loading}>
        {t('auth:signIn')}
      </Button>
    </form>
  );
}

function SmsLogin() {
  const { t } = useTranslation();
  const onSuccess = useLoginSuccess();
  const [mobile, setMobile] = useState('');
  const [validateCode, setValidateCode] = useState('');
  const [errors, setErrors] = useState<Errors<'mobile' | 'validateCode'>>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  // The same rules as the other forms' mobileRules / smsCodeRules (ui/form-rules.ts).
  const mobileError = (value: string) => (!value.trim() ? t('auth:mobileRequired') : isMobile(value.trim()) ? undefined : t('auth:mobileInvalid'));
  const codeError = (value: string) => (!value.trim() ? t('common:validation.required') : /^\d{6}$/.test(value) ? undefined : t('auth:smsCodeInvalid'));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Errors<'mobile' | 'validateCode'> = { mobile: mobileError(mobile), validateCode: codeError(validateCode) };
    setErrors(found);
    if (found.mobile || found.validateCode) return;
    setLoading(true);
    setError(null);
    try {
      onSuccess(await accountsApi.loginBySms({ mobile: mobile.trim(), validateCode: validateCode.trim(), rememberMe: false }));
    } catch (e) {
      if (e instanceof ApiError) setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <form className="os-light-form" onSubmit={submit} noValidate>
      {error && <FormError text={error} />}
      <Field id="mobile" label={t('auth:mobile')} error={errors.mobile}>
        <Input
          id="mobile"
          size="large"
          status={errors.mobile ? 'error' : undefined}
          prefix={<MobileOutlined />}
          autoComplete="tel"
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
        />
      </Field>
      <Field label={t('auth:smsCode')} error={errors.validateCode}>
        <Compact style={{ width: '100%' }}>
          <Input
            id="smsValidateCode"
            size="large"
            status={errors.validateCode ? 'error' : undefined}
            maxLength={6}
            autoComplete="one-time-code"
            aria-label={t('auth:smsCode')}
            value={validateCode}
            onChange={(e) => setValidateCode(e.target.value)}
          />
          <SmsCodeButton
            size="large"
            send={async () => {
              const problem = mobileError(mobile);
              setErrors((before) => ({ ...before, mobile: problem }));
              if (problem) throw new Error(problem);
              return accountsApi.sendSmsCode(mobile.trim(), 'LOGIN');
            }}
          />
        </Compact>
      </Field>
      <Button type="primary" htmlType="submit" size="large" block loading={loading}>
        {t('auth:signIn')}
      </Button>
    </form>
  );
}

const METHODS = ['password', 'sms'] as const;

export default function LoginPage() {
  const { t } = useTranslation();
  const [method, setMethod] = useState<(typeof METHODS)[number]>('password');
  // As tabs do: a form is drawn when first chosen, then kept (what was typed stays).
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set(['password']));
  const label = { password: t('auth:byPassword'), sms: t('auth:bySms') };
  return (
    <AuthFrame>
      <section className="os-auth-card os-auth-box">
        <h1 className="os-auth-box-title">{t('auth:signInTitle')}</h1>
        <div className="os-auth-box-body">
          <div className="os-auth-tabs" role="tablist">
            {METHODS.map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                id={`login-tab-${m}`}
                aria-selected={method === m}
                aria-controls={`login-panel-${m}`}
                className={method === m ? 'os-auth-tab os-auth-tab-active' : 'os-auth-tab'}
                onClick={() => {
                  setMethod(m);
                  setShown((before) => new Set([...before, m]));
                }}
              >
                {label[m]}
              </button>
            ))}
          </div>
          {METHODS.filter((m) => shown.has(m)).map((m) => (
            <div key={m} role="tabpanel" id={`login-panel-${m}`} aria-labelledby={`login-tab-${m}`} hidden={method !== m}>
              {m === 'password' ? <PasswordLogin /> : <SmsLogin />}
            </div>
          ))}
          <div style={{ marginTop: 16, textAlign: 'center' }}>
            {t('auth:noAccount')} <Link to="/register">{t('auth:registerNow')}</Link>
          </div>
        </div>
      </section>
      <div className="os-auth-lang">
        <LanguageSelect />
      </div>
    </AuthFrame>
  );
}
