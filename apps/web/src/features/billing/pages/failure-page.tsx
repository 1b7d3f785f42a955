// /domainOrder/failure and /storeOrder/failure: an order that was not paid — why, and a new order
// from it (reBuild).
import { Button, Descriptions, Result, Skeleton, Space } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { BillingOrderType } from '@openseller/core';
import { DateTime } from '../../../ui/relative-time';
import { orderApi, orderBase } from '../api';
import { BareFrame, OrderStatusTag, problemText, Yuan } from '../components/billing-ui';

export function FailurePage({ type }: { type: BillingOrderType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const api = orderApi(type);
  const order = useQuery({ queryKey: ['billing-order', orderNo], queryFn: () => api.detail(orderNo), enabled: !!orderNo, retry: false });
  const rebuild = useMutation({ mutationFn: () => api.reBuild(orderNo), onSuccess: (o) => navigate(`/domainOrder/pay?orderNo=${o.orderNo}&type=${type}`) });
  const title = t('billing:failureTitle');
  const back = (
    <Link to={`${orderBase(type)}/order`}>
      <Button>{t(type === 'DOMAIN' ? 'billing:domainTitle' : 'billing:storeTitle')}</Button>
    </Link>
  );
  if (!orderNo) return <BareFrame title={title}><Result status="warning" title={t('billing:noOrder')} extra={back} /></BareFrame>;
  if (order.isPending) return <BareFrame title={title}><Skeleton active /></BareFrame>;
  if (order.isError) return <BareFrame title={title}><Result status="warning" title={problemText(order.error, t)} extra={back} /></BareFrame>;
  const o = order.data;
  const canRebuild = o.status === 'CLOSED' || o.status === 'FAILED';
  return (
    <BareFrame title={title}>
      <Result
        status={o.status === 'PAID' ? 'success' : 'error'}
        title={o.status === 'PAID' ? t('billing:result.paid') : t(`billing:reasons.${o.failReason ?? 'UNKNOWN'}`, { defaultValue: t('billing:reasons.UNKNOWN') })}
        subTitle={
          <Descriptions column={1} size="small" style={{ maxWidth: 480, margin: '16px auto 0' }}>
            <Descriptions.Item label={t('billing:fields.orderNo')}>{o.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('billing:fields.name')}>{o.name}</Descriptions.Item>
            <Descriptions.Item label={t('billing:fields.amount')}><Yuan fen={o.amountFen} /></Descriptions.Item>
            <Descriptions.Item label={t('billing:fields.status')}><OrderStatusTag status={o.status} /></Descriptions.Item>
            <Descriptions.Item label={t('billing:fields.closedAt')}>{o.closedAt ? <DateTime value={o.closedAt} /> : '-'}</Descriptions.Item>
          </Descriptions>
        }
        extra={
          <Space direction="vertical">
            <Space>
              {canRebuild && (
                <Button type="primary" loading={rebuild.isPending} onClick={() => rebuild.mutate()}>
                  {t('billing:actions.reBuild')}
                </Button>
              )}
              {back}
            </Space>
            {rebuild.isError && <span role="alert" style={{ color: '#cf1322' }}>{problemText(rebuild.error, t)}</span>}
          </Space>
        }
      />
    </BareFrame>
  );
}

export default function DomainFailurePage() {
  return <FailurePage type="DOMAIN" />;
}
