// The receiving station: a scanner (or the keyboard) enters a barcode or SKU code and Enter books
// the pieces on the notice's line of that SKU at once, one call per scan whose answer is the line
// and the notice's totals only (`purchaseAsn/scanReceipt`), so a 2,000-line notice scans as fast
// as a short one. The box keeps the focus after every scan; a refusal is said next to it and the
// scanned text is selected for the next scan.
import { useRef, useState } from 'react';
import { Alert, Flex, Input, InputNumber, Progress, Select, Space, Table, Tag, Typography, type InputRef } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AsnScanReceiptAnswer, AsnView } from '@openseller/core';
import { inboundApi } from '../api';
import { inboundErrorMessage, useInboundMutation } from '../queries';

interface Scanned {
  key: number;
  at: string;
  skuCode: string;
  skuName: string | null;
  qty: number;
  receivedQty: number;
  noticedQty: number;
}

export function ScanReceiving({ asn, locationOptions }: { asn: AsnView; locationOptions: { value: number; label: string }[] }) {
  const { t } = useTranslation();
  const box = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [qty, setQty] = useState<number | null>(1);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [totals, setTotals] = useState({ received: asn.receivedQtyTotal, noticed: asn.qtyTotal, completed: asn.statusId === 'CI_ASN_STATUS_COMPLETED' });
  const [scans, setScans] = useState<Scanned[]>([]);
  const scan = useInboundMutation(inboundApi.scanReceipt, { toastErrors: false });

  const focusBox = () => setTimeout(() => box.current?.focus({ cursor: 'all' }), 0);

  const submit = () => {
    const scanned = code.trim();
    if (!scanned || scan.isPending) return;
    if (!qty || qty < 1) return setProblem(t('inbound:scan.qtyRequired'));
    scan.mutate(
      { id: asn.id, code: scanned, qty, locationId },
      {
        onSuccess: (answer: AsnScanReceiptAnswer) => {
          setProblem(null);
          setCode('');
          setTotals({ received: answer.receivedQtyTotal, noticed: answer.qtyTotal, completed: answer.statusId === 'CI_ASN_STATUS_COMPLETED' });
          setScans((all) =>
            [{ key: Date.now() + all.length, at: dayjs().format('HH:mm:ss'), skuCode: answer.line.skuCode, skuName: answer.line.skuName, qty: answer.line.received, receivedQty: answer.line.receivedQty, noticedQty: answer.line.qty }, ...all].slice(0, 50),
          );
          focusBox();
        },
        onError: (error) => {
          setProblem(inboundErrorMessage(error));
          focusBox();
        },
      },
    );
  };

  const percent = totals.noticed ? Math.round((totals.received / totals.noticed) * 100) : 0;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('inbound:scan.hint')}
      </Typography.Paragraph>
      <Flex gap={8} wrap>
        <Input
          ref={box}
          autoFocus
          size="large"
          prefix={<ScanOutlined />}
          aria-label={t('inbound:scan.code')}
          placeholder={t('inbound:scan.code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={submit}
          disabled={totals.completed}
          style={{ flex: '1 1 260px' }}
        />
        <InputNumber size="large" aria-label={t('inbound:scan.qty')} addonBefore={t('inbound:scan.qty')} min={1} precision={0} value={qty} onChange={setQty} style={{ width: 150 }} />
        {locationOptions.length > 0 && (
          <Select
            size="large"
            aria-label={t('inbound:fields.location')}
            style={{ width: 200 }}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('inbound:scan.plannedLocation')}
            value={locationId ?? undefined}
            options={locationOptions}
            onChange={(value) => {
              setLocationId(value ?? null);
              focusBox();
            }}
          />
        )}
      </Flex>
      {problem && <Alert type="error" showIcon message={problem} />}
      <Flex align="center" gap={12}>
        <Progress percent={percent} status={totals.completed ? 'success' : 'active'} style={{ flex: 1, margin: 0 }} />
        <Typography.Text strong>{t('inbound:scan.progress', { received: totals.received, noticed: totals.noticed })}</Typography.Text>
        {totals.completed && <Tag color="success">{t('inbound:scan.completed')}</Tag>}
      </Flex>
      <Table<Scanned>
        size="small"
        rowKey="key"
        pagination={false}
        scroll={{ y: 280 }}
        dataSource={scans}
        locale={{ emptyText: t('inbound:scan.empty') }}
        columns={[
          { title: t('inbound:scan.time'), dataIndex: 'at', key: 'at', width: 100 },
          {
            title: t('inbound:fields.sku'),
            key: 'sku',
            render: (_, s) => (
              <Space size={6}>
                <Typography.Text strong>{s.skuCode}</Typography.Text>
                {s.skuName && <Typography.Text type="secondary">{s.skuName}</Typography.Text>}
              </Space>
            ),
          },
          { title: t('inbound:scan.pieces'), dataIndex: 'qty', key: 'qty', width: 80, align: 'right', render: (v: number) => `+${v}` },
          {
            title: t('inbound:scan.line'),
            key: 'line',
            width: 120,
            align: 'right',
            render: (_, s) => <Typography.Text type={s.receivedQty >= s.noticedQty ? 'success' : undefined}>{`${s.receivedQty} / ${s.noticedQty}`}</Typography.Text>,
          },
        ]}
      />
    </Space>
  );
}
