// /domainOrder/pay: the pay page of an order (payPage) with the provider's cashier, and the cashier
// alone when opened by the provider's address (?tradeNo=). After paying, the order is followed
// until the provider's notification settles it (or, when it never comes, handlePay asks).
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Result, Row, Skeleton, Space, Spin } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { BillingOrder, BillingOrderType } from '@openseller/core';
import { sessionQueryKey } from '../../../app/session';
import { DateTime } from '../../../ui/relative-time';
import { orderApi, orderBase, orderTypeOf } from '../api';
import { BareFrame, OrderStatusTag, problemText, SandboxNotice, Yuan } from '../components/billing-ui';
import { SandboxCashier } from '../components/sandbox-cashier';

const POLL_MS = 1000;
const POLL_TRIES = 12;

export default function PayPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo');
  const tradeNo = params.get('tradeNo');
  const type = orderTypeOf(params.get('type'));
  const navigate = useNavigate();
  const { t } = useTranslation();
  if (orderNo) return <OrderPay orderNo={orderNo} type={type} />;
  if (tradeNo)
    return (
      <BareFrame title={t('billing:cashier.title')}>
        <SandboxNotice />
        <SandboxCashier tradeNo={tradeNo} onPaid={(trade) => navigate(trade.returnUrl)} />
      </BareFrame>
    );
  return (
    <BareFrame title={t('billing:payTitle')}>
      <Result status="warning" title={t('billing:noOrder')} extra={<Button onClick={() => navigate('/domainOrder/order')}>{t('billing:domainTitle')}</Button>} />
    </BareFrame>
  );
}

function OrderPay({ orderNo, type }: { orderNo: string; type: BillingOrderType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const api = orderApi(type);
  const page = useQuery({ queryKey: ['billing-pay', orderNo], queryFn: () => api.payPage(orderNo), retry: false, refetchOnWindowFocus: false });
  const [waiting, setWaiting] = useState<'notify' | 'lost' | null>(null);

  const finish = (order: BillingOrder) => {
    if (order.status === 'PAID') {
      void client.invalidateQueries({ queryKey: sessionQueryKey });
      navigate(`/payResult?orderNo=${order.orderNo}&type=${type}`, { replace: true });
    } else if (order.status !== 'WAIT_PAY') navigate(`${orderBase(type)}/failure?orderNo=${order.orderNo}`, { replace: true });
  };

  // After the cashier: follow the order until the notification settles it.
  useEffect(() => {
    if (waiting !== 'notify') return;
    let tries = 0;
    let stopped = false;
    const tick = async () => {
      if (stopped) return;
      tries++;
      const order = await api.detail(orderNo).catch(() => null);
      if (stopped) return;
      if (order && order.status !== 'WAIT_PAY') return finish(order);
      if (tries >= POLL_TRIES) return setWaiting('lost');
      timer = window.setTimeout(() => void tick(), POLL_MS);
    };
    let timer = window.setTimeout(() => void tick(), POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, orderNo]);

  const check = useMutation({ mutationFn: () => api.handlePay(orderNo), onSuccess: finish });
  const title = t('billing:payTitle');
  if (page.isPending) return <BareFrame title={title}><Skeleton active /></BareFrame>;
  if (page.isError)
    return (
      <BareFrame title={title}>
        <Result
          status="warning"
          title={problemText(page.error, t)}
          extra={
            <Space>
              <Button type="primary" onClick={() => navigate(`/payResult?orderNo=${orderNo}&type=${type}`)}>{t('billing:seeResult')}</Button>
              <Button onClick={() => navigate(`${orderBase(type)}/order`)}>{t(type === 'DOMAIN' ? 'billing:domainTitle' : 'billing:storeTitle')}</Button>
            </Space>
          }
        />
      </BareFrame>
    );
  const { order } = page.data;
  return (
    <BareFrame title={title}>
      {page.data.sandbox && <SandboxNotice />}
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Card title={t('billing:orderTitle')} style={{ marginBottom: 16 }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('billing:fields.orderNo')}>{order.orderNo}</Descriptions.Item>
              <Descriptions.Item label={t('billing:fields.name')}>{order.name}</Descriptions.Item>
              <Descriptions.Item label={t('billing:fields.amount')}>
                <Yuan fen={order.amountFen} />
              </Descriptions.Item>
              <Descriptions.Item label={t('billing:fields.status')}>
                <OrderStatusTag status={order.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('billing:fields.payDeadline')}>
                <DateTime value={page.data.expiresAt} />
              </Descriptions.Item>
              <Descriptions.Item label={t('billing:fields.provider')}>{page.data.provider}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} md={14}>
          {waiting === null && <SandboxCashier tradeNo={page.data.tradeNo} onPaid={() => setWaiting('notify')} onDone={() => check.mutate()} />}
          {waiting === 'notify' && (
            <Card>
              <Space>
                <Spin />
                <span role="status">{t('billing:waitingNotify')}</span>
              </Space>
            </Card>
          )}
          {waiting === 'lost' && (
            <Card>
              <Alert type="info" showIcon message={t('billing:lostTitle')} description={t('billing:lostText')} style={{ marginBottom: 16 }} />
              {check.isError && <Alert type="error" showIcon message={problemText(check.error, t)} style={{ marginBottom: 16 }} />}
              {check.data?.status === 'WAIT_PAY' && <Alert type="warning" showIcon message={t('billing:stillWaiting')} style={{ marginBottom: 16 }} />}
              <Button type="primary" loading={check.isPending} onClick={() => check.mutate()}>
                {t('billing:actions.check')}
              </Button>
            </Card>
          )}
        </Col>
      </Row>
    </BareFrame>
  );
}
