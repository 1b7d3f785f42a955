// Tab 8, weigh and send (spec 02 §7.10 sendErpSoH4Weigh, §5 weight 3 decimals): scan the waybill,
// type or read the weight (kg), Enter ships. Beyond the domain's margin a warning offers
// "Ship anyway". Esc starts over.
import { Alert, Button, Input, Typography, type InputRef } from 'antd';
import { CheckingErrors, decimalPlaces, type CheckOrderView } from '@openseller/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/request';
import { ordersErrorMessage } from '../list/queries';
import { checkingApi } from './api';
import { beep } from './beep';
import { ScanPanel, useWaybillLookup } from './scan-panel';

type Notice = { type: 'success' | 'error' | 'info' | 'warning'; text: string } | null;

/** A weight the input accepts: a positive number with at most 3 decimals (spec 02 §5). */
export const validWeight = (value: string) => /^\d+(\.\d+)?$/.test(value.trim()) && Number(value) > 0 && decimalPlaces(value.trim()) <= 3;

export function WeighPanel({ onShipped }: { onShipped?: () => void }) {
  const { t } = useTranslation();
  const weightRef = useRef<InputRef>(null);
  const [weight, setWeight] = useState('');
  const [order, setOrder] = useState<CheckOrderView | null>(null);
  const [overMargin, setOverMargin] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const waybill = useWaybillLookup({
    busy,
    setBusy,
    onFound: (found) => {
      setOrder(found);
      setNotice(null);
    },
    onRefused: (text) => setNotice({ type: 'error', text }),
  });

  // The weight input has the focus while an order is open, again after a refused ship (it was
  // disabled while the call ran).
  useEffect(() => {
    if (order && !busy) weightRef.current?.focus();
  }, [order, busy]);

  const reset = (message: Notice = null) => {
    setOrder(null);
    waybill.clear();
    setWeight('');
    setOverMargin(false);
    setNotice(message);
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

  return (
    <ScanPanel
      title={t('orderchecking:weigh.title')}
      hint={t('orderchecking:weigh.hint')}
      waybill={waybill}
      waybillDisabled={busy || !!order}
      onStartOver={reset}
      inputs={
        order && (
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
        )
      }
    >
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
    </ScanPanel>
  );
}
