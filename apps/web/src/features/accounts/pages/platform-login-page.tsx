// /platform-login (spec 01 §2.1, §4.1 step 3, §8): a seller opens the app from a store's platform,
// which hands over a platform token in the query (platformToken, platformType). The page signs in
// with it and ends in the same login-success flow as every sign-in; a failure shows the server's
// description, or 授权登录失败！ when there is none.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Card, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../app/request';
import { accountsApi } from '../api';
import { AuthFrame } from '../components/auth-frame';
import { useLoginSuccess } from './login-page';

export default function PlatformLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const onSuccess = useLoginSuccess();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    // The token is single use: one attempt per page load, even when React runs effects twice.
    if (started.current) return;
    started.current = true;
    const platformToken = params.get('platformToken')?.trim();
    const platformType = params.get('platformType')?.trim();
    if (!platformToken || !platformType) {
      setError(t('auth:platformLoginFailed'));
      return;
    }
    accountsApi
      .loginByPlatformToken(platformToken, platformType)
      .then(onSuccess)
      .catch((e: unknown) => setError(e instanceof ApiError ? errorMessage(e) || t('auth:platformLoginFailed') : t('auth:platformLoginFailed')));
  }, [params, onSuccess, t]);
  return (
    <AuthFrame>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        {error ? (
          <Result
            status="error"
            title={t('auth:platformLoginFailed')}
            subTitle={error === t('auth:platformLoginFailed') ? t('auth:platformLoginHint') : error}
            extra={
              <Link to="/login">
                <Button type="primary">{t('auth:platformLoginToLogin')}</Button>
              </Link>
            }
          />
        ) : (
          <div style={{ textAlign: 'center', padding: 32 }}>
            <Spin />
            <p style={{ marginTop: 16 }}>{t('auth:platformLoginRunning')}</p>
          </div>
        )}
      </Card>
    </AuthFrame>
  );
}
