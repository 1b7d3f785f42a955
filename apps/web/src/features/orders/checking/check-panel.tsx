// Tab 3, check and send (spec 02 §7.10 checkErpSoH / sendErpSoH4Check): a scan panel for a USB
// barcode scanner (keyboard input, Enter ends a scan), usable without the mouse. Scan the waybill;
// the lines appear and focus moves to the item input; each scan ticks a line, a wrong or extra item
// is refused with a beep; serial-numbered goods ask for a serial after each piece. When complete
// the order ships and focus returns to the waybill input. Esc starts over.
import { Alert, Input, Progress, Space, Table, Tag, Typography, type InputRef } from 'antd';
import type { CheckOrderView } from '@openseller/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SkuNameCell } from '../../../ui/sku-attributes';
import { ordersErrorMessage } from '../list/queries';
import { checkingApi } from './api';
import { beep } from './beep';
import { ScanPanel, useWaybillLookup } from './scan-panel';
import { enterSerial, isComplete, payloadOf, scanCode, startScan, type ScanState } from './scan-state';

type Notice = { type: 'success' | 'error' | 'info'; text: string } | null;

export function CheckPanel({ onShipped }: { onShipped?: () => void }) {
  const { t } = useTranslation();
  const itemRef = useRef<InputRef>(null);
  const serialRef = useRef<InputRef>(null);
  const [item, setItem] = useState('');
  const [serial, setSerial] = useState('');
  const [order, setOrder] = useState<CheckOrderView | null>(null);
  const [scan, setScan] = useState<ScanState | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const waybill = useWaybillLookup({
    busy,
    setBusy,
    onFound: (found) => {
      setOrder(found);
      setScan(startScan(found.lines));
      setNotice({ type: 'info', text: t('orderchecking:check.found', { code: found.code }) });
    },
    onRefused: (text) => setNotice({ type: 'error', text }),
  });

  // The item (or serial) input has the focus while an order is open, again after a call (the inputs
  // are disabled while it runs).
  useEffect(() => {
    if (busy) return;
    if (scan?.awaitingSerial != null) serialRef.current?.focus();
    else if (order) itemRef.current?.focus();
  }, [order, scan?.awaitingSerial, busy]);

  const reset = (message: Notice = null) => {
    setOrder(null);
    setScan(null);
    setItem('');
    setSerial('');
    waybill.clear();
    setNotice(message);
  };
  const refuse = (text: string) => {
    beep();
    setNotice({ type: 'error', text });
  };

  const ship = async (state: ScanState) => {
    if (!order) return;
    setBusy(true);
    try {
      const result = await checkingApi.sendChecked(payloadOf(order.id, order.version, state));
      reset({ type: 'success', text: t('orderchecking:check.shipped', { code: result.code }) });
      onShipped?.();
    } catch (error) {
      refuse(ordersErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const scanItem = () => {
    if (!scan || !item.trim()) return;
    const { state, result } = scanCode(scan, item);
    setItem('');
    if (result.kind === 'NOT_IN_ORDER') return refuse(t('orderchecking:check.notInOrder', { code: result.code }));
    if (result.kind === 'EXTRA') return refuse(t('orderchecking:check.extra', { sku: result.skuCode ?? result.code }));
    setScan(state);
    if (result.kind === 'SERIAL_NEEDED') setNotice({ type: 'info', text: t('orderchecking:check.serialPrompt') });
    else setNotice(null);
    if (isComplete(state)) void ship(state);
  };

  const scanSerial = () => {
    if (!scan) return;
    const { state, result } = enterSerial(scan, serial);
    setSerial('');
    if (result.kind === 'SERIAL_TAKEN') return refuse(t('orderchecking:check.serialTaken', { serial: result.serial }));
    setScan(state);
    setNotice(null);
    if (isComplete(state)) void ship(state);
  };

  const scanned = scan ? Object.values(scan.progress).reduce((s, n) => s + n, 0) : 0;
  const total = order ? order.lines.reduce((s, l) => s + l.qty, 0) : 0;

  return (
    <ScanPanel
      title={t('orderchecking:check.title')}
      hint={t('orderchecking:check.hint')}
      waybill={waybill}
      waybillDisabled={busy || !!order}
      onStartOver={reset}
      inputs={
        <>
          {order && (
            <Input
              ref={itemRef}
              aria-label={t('orderchecking:check.item')}
              placeholder={t('orderchecking:check.item')}
              style={{ width: 260 }}
              value={item}
              disabled={busy || scan?.awaitingSerial != null}
              onChange={(e) => setItem(e.target.value)}
              onPressEnter={scanItem}
            />
          )}
          {scan?.awaitingSerial != null && (
            <Input
              ref={serialRef}
              aria-label={t('orderchecking:check.serial')}
              placeholder={t('orderchecking:check.serial')}
              style={{ width: 260 }}
              value={serial}
              disabled={busy}
              onChange={(e) => setSerial(e.target.value)}
              onPressEnter={scanSerial}
            />
          )}
        </>
      }
    >
      {notice && <Alert type={notice.type} showIcon message={notice.text} role={notice.type === 'error' ? 'alert' : 'status'} />}
      {order && scan && (
        <>
          <Space>
            <Typography.Text strong>{order.code}</Typography.Text>
            <Typography.Text>{order.expressCompanyCode} {order.expressNo}</Typography.Text>
            <Progress percent={total ? Math.round((scanned / total) * 100) : 0} size="small" style={{ width: 200 }} format={() => `${scanned}/${total}`} />
          </Space>
          <Table
            rowKey="lineId"
            size="small"
            pagination={false}
            dataSource={order.lines}
            columns={[
              { title: t('orderchecking:columns.skuCode'), dataIndex: 'skuCode', key: 'skuCode' },
              { title: t('orderchecking:columns.barCode'), dataIndex: 'barCode', key: 'barCode' },
              {
                title: t('orderchecking:columns.name'),
                key: 'skuName',
                render: (_, l) => <SkuNameCell name={l.skuName} sku={{ color: l.skuColor, size: l.skuSize, specifications: l.skuSpecifications }} />,
              },
              {
                title: t('orderchecking:columns.progress'),
                key: 'progress',
                render: (_, l) => {
                  const n = scan.progress[l.lineId] ?? 0;
                  return <Tag color={n === l.qty ? 'green' : n > 0 ? 'blue' : 'default'}>{`${n}/${l.qty}`}</Tag>;
                },
              },
              {
                title: t('orderchecking:columns.serials'),
                key: 'serials',
                render: (_, l) => (l.needsSerial ? (scan.serials[l.lineId] ?? []).join(', ') || t('orderchecking:check.serialNeeded') : '—'),
              },
            ]}
          />
        </>
      )}
    </ScanPanel>
  );
}
