// Tab 8, weigh and send (spec 02 §7.10 sendErpSoH4Weigh, §5 weight 3 decimals): scan the waybill,
// type or read the weight (kg), Enter ships. Beyond the domain's margin a warning offers
// "Ship anyway". Esc starts over.
import { Alert, Button, Card, Input, Space, Typography, type InputRef } from 'antd';
import { CheckingErrors, decimalPlaces, type CheckOrderView } from '@openseller/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/request';
import { ordersErrorMessage } from '../list/queries';
import { checkingApi } from './api';
import { beep } from './beep';

type Notice = { type: 'success' | 'error' | 'info' | 'warning'; text: string } | null;

/** A weight the input accepts: a positive number with at most 3 decimals (spec 02 §5). */
export const validWeight = (value: string) => /^\d+(\.\d+)?$/.test(value.trim()) && Number(value) > 0 && decimalPlaces(value.trim()) <= 3;

export function WeighPanel({ onShipped }: { onShipped?: () => void }) {
  const { t } = useTranslation();
  const waybillRef = useRef<InputRef>(null);
  const weightRef = useRef<InputRef>(null);
  const [waybill, setWaybill] = useState('');
  const [weight, setWeight] = useState('');
  const [order, setOrder] = useState<CheckOrderView | null>(null);
  const [overMargin, setOverMargin] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => waybillRef.current?.focus(), []);
  useEffect(() => {
    if (order) weightRef.current?.focus();
  }, [order]);

  const reset = (message: Notice = null) => {
    setOrder(null);
    setWaybill('');
    setWeight('');
    setOverMargin(false);
    setNotice(message);
    setTimeout(() => waybillRef.current?.focus(), 0);
  };

  const findOrder = async () => {
    const expressNo = waybill.trim();
    if (!expressNo || busy) return;
    setBusy(true);
    try {
      setOrder(await checkingApi.find(expressNo));
      setNotice(null);
    } catch (error) {
      beep();
      setWaybill('');
      setNotice({ type: 'error', text: ordersErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const ship = async (force: boolean) => {
    if (!order || busy) return;
    if (!validWeight(weight)) {
      beep();
      setNotice({ type: 'error', text: t('orderchecking:weigh.badWeight') });
      return;
    }
    setBusy(true);
    try {
      const result = await checkingApi.sendWeighed({ id: order.id, version: order.version, weight: weight.trim(), force });
      reset({ type: 'success', text: t('orderchecking:weigh.shipped', { code: result.code, weight: result.weight }) });
      onShipped?.();
    } catch (error) {
      beep();
      const margin = error instanceof ApiError && error.code === CheckingErrors.WEIGHT_MARGIN;
      setOverMargin(margin);
      setNotice({ type: margin ? 'warning' : 'error', text: ordersErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const onEsc = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      reset();
    }
  };

  return (
    <Card size="small" title={t('orderchecking:weigh.title')} style={{ marginBottom: 12 }} onKeyDown={onEsc}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Input
            ref={waybillRef}
            aria-label={t('orderchecking:check.waybill')}
            placeholder={t('orderchecking:check.waybill')}
            style={{ width: 260 }}
            value={waybill}
            disabled={busy || !!order}
            onChange={(e) => setWaybill(e.target.value)}
            onPressEnter={() => void findOrder()}
          />
          {order && (
            <Input
              ref={weightRef}
              aria-label={t('orderchecking:weigh.weight')}
              placeholder={t('orderchecking:weigh.weight')}
              suffix="kg"
              style={{ width: 200 }}
              value={weight}
              disabled={busy}
              onChange={(e) => {
                setWeight(e.target.value);
                setOverMargin(false);
              }}
              onPressEnter={() => void ship(false)}
            />
          )}
          <Typography.Text type="secondary">{t('orderchecking:weigh.hint')}</Typography.Text>
        </Space>
        {order && (
          <Typography.Text>
            {t('orderchecking:weigh.expected', { code: order.code, weight: order.goodsWeight, margin: order.weighMarginPercent })}
          </Typography.Text>
        )}
        {notice && (
          <Alert
            type={notice.type}
            showIcon
            message={notice.text}
            role={notice.type === 'error' || notice.type === 'warning' ? 'alert' : 'status'}
            action={
              overMargin ? (
                <Button size="small" danger onClick={() => void ship(true)} loading={busy}>
                  {t('orderchecking:weigh.shipAnyway')}
                </Button>
              ) : undefined
            }
          />
        )}
      </Space>
    </Card>
  );
}
