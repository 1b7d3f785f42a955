// The sandbox payment provider's cashier: what a wallet's cashier page is, for the sandbox. The
// buyer picks how the payment goes: success, failure, or paid with the notification lost (timeout).
import { useEffect } from 'react';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SandboxOutcome, SandboxTrade } from '@openseller/core';
import { DateTime } from '../../../ui/relative-time';
import { sandboxCashierApi } from '../api';
import { problemText, Yuan } from './billing-ui';

/** onDone: the trade was already paid or closed when the cashier opened (a reload after paying). */
export function SandboxCashier({ tradeNo, onPaid, onDone }: { tradeNo: string; onPaid: (trade: SandboxTrade, outcome: SandboxOutcome) => void; onDone?: (trade: SandboxTrade) => void }) {
  const { t } = useTranslation();
  const trade = useQuery({ queryKey: ['sandbox-trade', tradeNo], queryFn: () => sandboxCashierApi.trade(tradeNo), retry: false });
  const pay = useMutation({
    mutationFn: (outcome: SandboxOutcome) => sandboxCashierApi.pay(tradeNo, outcome),
    onSuccess: (after, outcome) => onPaid(after, outcome),
  });
  const tr = trade.data;
  useEffect(() => {
    if (tr && tr.status !== 'WAIT_BUYER_PAY') onDone?.(tr);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tr?.status]);
  return (
    <Card
      title={
        <Space>
          <Tag color="orange">{t('billing:sandbox.tag')}</Tag>
          {t('billing:cashier.title')}
        </Space>
      }
      loading={trade.isPending}
      className="os-sandbox-cashier"
    >
      {trade.isError && <p role="alert">{problemText(trade.error, t)}</p>}
      {tr && (
        <>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('billing:cashier.wallet')}>{t(`billing:channels.${tr.channel}`)}</Descriptions.Item>
            <Descriptions.Item label={t('billing:cashier.subject')}>{tr.subject}</Descriptions.Item>
            <Descriptions.Item label={t('billing:cashier.amount')}>
              <span style={{ fontSize: 22, color: '#cf1322' }}>
                <Yuan fen={tr.amountFen} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('billing:cashier.tradeNo')}>{tr.tradeNo}</Descriptions.Item>
            <Descriptions.Item label={t('billing:cashier.expiresAt')}>
              <DateTime value={tr.expiresAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('billing:cashier.state')}>{t(`billing:cashier.states.${tr.status}`)}</Descriptions.Item>
          </Descriptions>
          {tr.status === 'WAIT_BUYER_PAY' && (
            <Space wrap>
              <Button type="primary" size="large" loading={pay.isPending && pay.variables === 'SUCCESS'} disabled={pay.isPending} onClick={() => pay.mutate('SUCCESS')}>
                {t('billing:cashier.SUCCESS')}
              </Button>
              <Button danger size="large" loading={pay.isPending && pay.variables === 'FAIL'} disabled={pay.isPending} onClick={() => pay.mutate('FAIL')}>
                {t('billing:cashier.FAIL')}
              </Button>
              <Button size="large" loading={pay.isPending && pay.variables === 'TIMEOUT'} disabled={pay.isPending} onClick={() => pay.mutate('TIMEOUT')}>
                {t('billing:cashier.TIMEOUT')}
              </Button>
            </Space>
          )}
          {pay.isError && <p role="alert" style={{ color: '#cf1322' }}>{problemText(pay.error, t)}</p>}
        </>
      )}
    </Card>
  );
}
