// /authorization (public): where the marketplace sends the seller back after its consent page.
// It hands the code and state to the server once, then shows whether the store is now
// authorized (and until when) or why not, with the way back to store management.
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { storesApi } from '../api';
import { PublicFrame } from '../components/public-frame';
import { platformLabel } from '../queries';

export default function AuthorizationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const state = params.get('state');
  const code = params.get('code') ?? undefined;
  const refusal = params.get('error') ?? undefined;
  // One exchange per state (a state is good once): the query is never retried or refetched.
  const answer = useQuery({
    queryKey: ['stores-authorization', state, code, refusal],
    queryFn: () => storesApi.authorizationCallback({ state: state!, ...(code ? { code } : {}), ...(refusal ? { error: refusal } : {}) }),
    enabled: !!state && (!!code || !!refusal),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
  });
  const back = (
    <Link key="back" to="/config/storemanagement">
      <Button type="primary">{t('stores:authorization.toStores')}</Button>
    </Link>
  );

  let body;
  if (!state || (!code && !refusal)) {
    body = <Result status="warning" title={t('stores:authorization.failedTitle')} subTitle={t('stores:authorization.noAnswer')} extra={[back]} />;
  } else if (answer.isPending) {
    body = <Result icon={<Spin size="large" />} title={t('stores:authorization.working')} />;
  } else if (answer.isError) {
    const error = answer.error;
    body = <Result status="error" title={t('stores:authorization.failedTitle')} subTitle={error instanceof ApiError ? errorMessage(error) : String(error)} extra={[back]} />;
  } else {
    const result = answer.data!;
    body = (
      <Result
        status="success"
        title={t('stores:authorization.successTitle')}
        subTitle={
          result.tokenExpiresAt
            ? t('stores:authorization.successUntil', { name: result.storeName, platform: platformLabel(result.platformCode), time: formatDateTime(result.tokenExpiresAt) })
            : t('stores:authorization.success', { name: result.storeName, platform: platformLabel(result.platformCode) })
        }
        extra={[back]}
      />
    );
  }
  return <PublicFrame>{body}</PublicFrame>;
}
