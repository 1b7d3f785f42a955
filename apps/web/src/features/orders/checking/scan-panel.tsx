// What the two scan panels (check, weigh) share: the waybill input that starts them (a USB scanner
// types the number and Enter looks the order up; a number that finds nothing beeps and is cleared
// for the next scan), and the panel's frame with Esc to start over.
import { Card, Input, Space, Typography, type InputRef } from 'antd';
import type { CheckOrderView } from '@openseller/core';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ordersErrorMessage } from '../list/queries';
import { checkingApi } from './api';
import { beep } from './beep';

/** The waybill input's state and lookup; `busy` is the panel's, shared with its ship command. */
export function useWaybillLookup({
  busy,
  setBusy,
  onFound,
  onRefused,
}: {
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onFound: (order: CheckOrderView) => void;
  onRefused: (message: string) => void;
}) {
  const inputRef = useRef<InputRef>(null);
  const [value, setValue] = useState('');
  useEffect(() => inputRef.current?.focus(), []);

  const find = async () => {
    const expressNo = value.trim();
    if (!expressNo || busy) return;
    setBusy(true);
    try {
      onFound(await checkingApi.find(expressNo));
    } catch (error) {
      beep();
      setValue('');
      onRefused(ordersErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  /** Empties the input and gives it the focus for the next parcel. */
  const clear = () => {
    setValue('');
    setTimeout(() => inputRef.current?.focus(), 0);
  };

  return { clear, inputProps: { inputRef, value, onChange: setValue, onPressEnter: () => void find() } };
}

type WaybillLookup = ReturnType<typeof useWaybillLookup>;

/**
 * The frame of a scan panel: the waybill input, the panel's own inputs after it, the hint, then
 * the panel's body. Esc anywhere in the panel starts over.
 */
export function ScanPanel(props: {
  title: ReactNode;
  hint: ReactNode;
  waybill: WaybillLookup;
  /** While an order is open or a call runs, the waybill input waits. */
  waybillDisabled: boolean;
  onStartOver: () => void;
  /** The inputs that follow the waybill's (item, serial, weight). */
  inputs: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { inputRef, value, onChange, onPressEnter } = props.waybill.inputProps;
  // The scan box has the focus whenever it takes input: on open, after a refused number (the input
  // was disabled while the lookup ran, which loses the focus) and after each parcel.
  useEffect(() => {
    if (!props.waybillDisabled) inputRef.current?.focus();
  }, [props.waybillDisabled, inputRef]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      props.onStartOver();
    }
  };
  return (
    <Card size="small" title={props.title} style={{ marginBottom: 12 }} onKeyDown={onKeyDown}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Input
            ref={inputRef}
            aria-label={t('orderchecking:check.waybill')}
            placeholder={t('orderchecking:check.waybill')}
            style={{ width: 260 }}
            value={value}
            disabled={props.waybillDisabled}
            onChange={(e) => onChange(e.target.value)}
            onPressEnter={onPressEnter}
          />
          {props.inputs}
          <Typography.Text type="secondary">{props.hint}</Typography.Text>
        </Space>
        {props.children}
      </Space>
    </Card>
  );
}
