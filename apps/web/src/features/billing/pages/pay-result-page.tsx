// /payResult (spec 01 §2.1): where the provider's cashier returns the buyer. It reads the order
// (asking the provider when it still waits) and says whether the edition or store pack is in effect.
import { Button, Descriptions, Result, Skeleton, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { accessToken } from '../../../app/auth-store';
import { sessionQueryKey } from '../../../app/session';
import { DateTime } from '../../../ui/relative-time';
import { orderApi, orderBase, orderTypeOf } from '../api';
import { BareFrame, problemText, Yuan } from '../components/billing-ui';

export default function PayResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const type = orderTypeOf(params.get('type'));
  const client = useQueryClient();
  const signedIn = !!accessToken();
  const result = useQuery({
    queryKey: ['billing-result', orderNo],
    queryFn: async () => {
      const api = orderApi(type);
      const order = await api.detail(orderNo);
      return order.status === 'WAIT_PAY' ? api.handlePay(orderNo) : order;
    },
    enabled: signedIn && !!orderNo,
    retry: false,
  });
  const paid = result.data?.status === 'PAID';
  useEffect(() => {
    // The badge and the banner follow the new edition.
    if (paid) void client.invalidateQueries({ queryKey: sessionQueryKey });
  }, [paid, client]);

  const title = t('nav:routes.payResult');
  if (!signedIn)
    return (
      <BareFrame title={title}>
        <Result status="info" title={t('billing:result.signIn')} extra={<Link to={`/login?from=${encodeURIComponent(`/payResult?${params.toString()}`)}`}><Button type="primary">{t('billing:result.signInButton')}</Button></Link>} />
      </BareFrame>
    );
  if (!orderNo) return <BareFrame title={title}><Result status="warning" title={t('billing:noOrder')} /></BareFrame>;
  if (result.isPending) return <BareFrame title={title}><Skeleton active /></BareFrame>;
  if (result.isError) return <BareFrame title={title}><Result status="warning" title={problemText(result.error, t)} extra={<Button onClick={() => result.refetch()}>{t('common:actions.retry')}</Button>} /></BareFrame>;
  const o = result.data;
  const back = (
    <Link to={`${orderBase(type)}/order`}>
      <Button>{t(type === 'DOMAIN' ? 'billing:domainTitle' : 'billing:storeTitle')}</Button>
    </Link>
  );
  if (o.status === 'PAID')
    return (
      <BareFrame title={title}>
        <Result
          status="success"
          title={t('billing:result.paid')}
          subTitle={
            <Descriptions column={1} size="small" style={{ maxWidth: 480, margin: '16px auto 0' }}>
              <Descriptions.Item label={t('billing:fields.orderNo')}>{o.orderNo}</Descriptions.Item>
              <Descriptions.Item label={t('billing:fields.amount')}><Yuan fen={o.amountFen} /></Descriptions.Item>
              {o.effect && o.orderType === 'DOMAIN' && (
                <>
                  <Descriptions.Item label={t('billing:result.level')}>
                    {t(`common:levels.${o.effect.levelBefore}`)} → <strong className="os-result-level">{t(`common:levels.${o.effect.levelAfter}`)}</strong>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('billing:result.expireTime')}>{o.effect.expireAfter ? <DateTime value={o.effect.expireAfter} /> : '-'}</Descriptions.Item>
                </>
              )}
              {o.effect && o.orderType === 'STORE' && (
                <Descriptions.Item label={t('billing:current.storeQuota')}>
                  {o.effect.storeQuotaBefore} → {o.effect.storeQuotaAfter}
                </Descriptions.Item>
              )}
            </Descriptions>
          }
          extra={
            <Space>
              <Link to="/">
                <Button type="primary">{t('billing:backHome')}</Button>
              </Link>
              {back}
            </Space>
          }
        />
      </BareFrame>
    );
  if (o.status === 'WAIT_PAY')
    return (
      <BareFrame title={title}>
        <Result status="info" title={t('billing:result.waiting')} extra={<Space><Button type="primary" onClick={() => result.refetch()}>{t('billing:actions.check')}</Button>{back}</Space>} />
      </BareFrame>
    );
  return (
    <BareFrame title={title}>
      <Result
        status="error"
        title={t('billing:result.notPaid', { status: t(`billing:status.${o.status}`) })}
        extra={
          <Space>
            <Link to={`${orderBase(type)}/failure?orderNo=${o.orderNo}`}>
              <Button type="primary">{t('billing:result.details')}</Button>
            </Link>
            {back}
          </Space>
        }
      />
    </BareFrame>
  );
}
