// Receiving a notice, in full or in part: each line still expected gets one or more rows of
// (location, pieces), its planned location and the pieces left by default. More than is left is
// refused here already, and by the server in any case. The other mode is the receiving station
// (scan-receiving.tsx): a scan per piece or carton, booked at once.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Input, InputNumber, Modal, Segmented, Select, Space, Table, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatMoney, type AsnDetailRow, type AsnView } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { useLocations } from '../../../warehouses/queries';
import { inboundApi } from '../api';
import { inboundErrorMessage, useInboundMutation } from '../queries';
import { ScanReceiving } from './scan-receiving';

interface Split {
  key: string;
  locationId: number | null;
  qty: number | null;
}

const left = (d: AsnDetailRow) => d.qty - d.receivedQty;

export function ReceiptModal({ asn, onClose }: { asn: AsnView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [splits, setSplits] = useState<Record<number, Split[]>>({});
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  // The mode chosen for the notice open now; long notices open at the receiving station (nobody
  // types 2,000 quantities). Kept per notice id, so a refetch after a scan does not switch it back.
  const [chosen, setChosen] = useState<{ id: number; mode: 'lines' | 'scan' } | null>(null);
  const mode: 'lines' | 'scan' = asn && chosen?.id === asn.id ? chosen.mode : (asn?.asnDetails.length ?? 0) > 50 ? 'scan' : 'lines';
  const setMode = (next: 'lines' | 'scan') => asn && setChosen({ id: asn.id, mode: next });
  const locations = useLocations({ warehouseId: asn?.whId ?? -1, currentPage: 1, pageSize: 1000 }, !!asn);
  const locationOptions = (locations.data?.voList ?? []).map((l) => ({ value: l.id, label: l.code }));
  const needsLocation = locationOptions.length > 0;
  const open = useMemo(() => (asn?.asnDetails ?? []).filter((d) => left(d) > 0), [asn]);

  useEffect(() => {
    if (!asn) return;
    setSplits(Object.fromEntries(open.map((d) => [d.id, [{ key: `${d.id}-0`, locationId: d.locationId, qty: left(d) }]])));
    setRemark('');
    setProblem(null);
    setTried(false);
  }, [asn, open]);


  const receive = useInboundMutation(inboundApi.receipt, { toastErrors: false });

  const lineProblem = (d: AsnDetailRow): string | null => {
    const rows = splits[d.id] ?? [];
    const total = rows.reduce((sum, s) => sum + (s.qty ?? 0), 0);
    if (total > left(d)) return t('inbound:receipt.tooMuch', { left: left(d) });
    if (tried && rows.some((s) => s.qty !== null && s.qty > 0 && needsLocation && !s.locationId)) return t('inbound:receipt.chooseLocation');
    return null;
  };

  const submit = () => {
    if (!asn) return;
    setTried(true);
    const missingLocation = needsLocation && open.some((d) => (splits[d.id] ?? []).some((s) => (s.qty ?? 0) > 0 && !s.locationId));
    if (missingLocation) return setProblem(t('inbound:receipt.chooseLocation'));
    const problems = open.map(lineProblem).filter(Boolean);
    if (problems.length) return setProblem(problems[0]!);
    const lines = open.flatMap((d) => (splits[d.id] ?? []).filter((s) => (s.qty ?? 0) > 0).map((s) => ({ asnDetailId: d.id, locationId: s.locationId, qty: s.qty! })));
    if (!lines.length) return setProblem(t('inbound:receipt.nothing'));
    receive.mutate(
      { id: asn.id, version: asn.version, lines, remark: remark.trim() || null },
      {
        onSuccess: (after) => {
          toast.success(after.statusId === 'CI_ASN_STATUS_COMPLETED' ? t('inbound:receipt.completed', { code: after.code }) : t('inbound:receipt.partly', { received: after.receivedQtyTotal, noticed: after.qtyTotal }));
          onClose();
        },
        onError: (error) => setProblem(inboundErrorMessage(error)),
      },
    );
  };

  const update = (detailId: number, key: string, patch: Partial<Split>) =>
    setSplits((all) => ({ ...all, [detailId]: (all[detailId] ?? []).map((s) => (s.key === key ? { ...s, ...patch } : s)) }));

  return (
    <Modal
      open={!!asn}
      width={900}
      title={t('inbound:receipt.title', { code: asn?.code ?? '' })}
      okText={t('inbound:receipt.submit')}
      cancelText={t('common:actions.cancel')}
      onOk={submit}
      confirmLoading={receive.isPending}
      onCancel={onClose}
      destroyOnHidden
      footer={
        mode === 'scan'
          ? [
              <Button key="done" type="primary" onClick={onClose}>
                {t('inbound:scan.done')}
              </Button>,
            ]
          : undefined
      }
    >
      <Segmented<'lines' | 'scan'>
        style={{ marginBottom: 12 }}
        value={mode}
        onChange={setMode}
        options={[
          { value: 'lines', label: t('inbound:scan.modeLines') },
          { value: 'scan', label: t('inbound:scan.modeScan') },
        ]}
      />
      {mode === 'scan' && asn ? (
        <ScanReceiving asn={asn} locationOptions={locationOptions} />
      ) : (
        <>
      <Typography.Paragraph type="secondary">{t('inbound:receipt.hint')}</Typography.Paragraph>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
      <Table<AsnDetailRow>
        rowKey="id"
        size="small"
        pagination={false}
        locale={{ emptyText: t('inbound:receipt.allIn') }}
        dataSource={open}
        columns={[
          {
            title: t('inbound:fields.sku'),
            key: 'sku',
            render: (_, d) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{d.skuCode}</Typography.Text>
                <Typography.Text type="secondary">{[d.skuName, d.specifications].filter(Boolean).join(' · ')}</Typography.Text>
              </Space>
            ),
          },
          { title: t('inbound:fields.noticed'), dataIndex: 'qty', key: 'qty', width: 80, align: 'right' },
          { title: t('inbound:fields.received'), dataIndex: 'receivedQty', key: 'receivedQty', width: 80, align: 'right' },
          { title: t('inbound:fields.left'), key: 'left', width: 70, align: 'right', render: (_, d) => left(d) },
          // The unit cost the receipt books into the moving average (sent only with PURCHASE_PRICE): on a
          // purchase notice, the order's landed unit cost (purchase price + freight share per piece).
          ...(open.some((d) => d.price !== undefined)
            ? [
                {
                  title: asn?.asnType === 'ASN_PURCHASE' ? t('inbound:receipt.landedUnitCost') : t('inbound:receipt.unitCost'),
                  key: 'price',
                  width: 120,
                  align: 'right' as const,
                  render: (_: unknown, d: AsnDetailRow) => (d.price ? formatMoney(d.price) : '-'),
                },
              ]
            : []),
          {
            title: t('inbound:receipt.whereHowMany'),
            key: 'splits',
            width: 340,
            render: (_, d) => {
              const rows = splits[d.id] ?? [];
              const issue = lineProblem(d);
              return (
                <Space direction="vertical" size={4} style={{ width: '100%' }}>
                  {rows.map((s, index) => (
                    <Space key={s.key} size={4}>
                      {needsLocation && (
                        <Select
                          aria-label={t('inbound:fields.location')}
                          style={{ width: 150 }}
                          showSearch={{ optionFilterProp: 'label' }}
                          placeholder={t('inbound:fields.location')}
                          value={s.locationId ?? undefined}
                          options={locationOptions}
                          onChange={(locationId) => update(d.id, s.key, { locationId })}
                          status={tried && !s.locationId && (s.qty ?? 0) > 0 ? 'error' : undefined}
                        />
                      )}
                      <InputNumber
                        aria-label={t('inbound:receipt.qtyFor', { sku: d.skuCode })}
                        min={0}
                        max={left(d)}
                        precision={0}
                        value={s.qty}
                        onChange={(qty) => update(d.id, s.key, { qty })}
                        status={(splits[d.id] ?? []).reduce((sum, x) => sum + (x.qty ?? 0), 0) > left(d) ? 'error' : undefined}
                        style={{ width: 100 }}
                      />
                      {index > 0 && (
                        <Button
                          type="text"
                          size="small"
                          aria-label={t('inbound:receipt.removeSplit')}
                          icon={<MinusCircleOutlined />}
                          onClick={() => setSplits((all) => ({ ...all, [d.id]: rows.filter((x) => x.key !== s.key) }))}
                        />
                      )}
                    </Space>
                  ))}
                  {needsLocation && (
                    <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setSplits((all) => ({ ...all, [d.id]: [...rows, { key: `${d.id}-${Date.now()}`, locationId: null, qty: null }] }))}>
                      {t('inbound:receipt.addLocation')}
                    </Button>
                  )}
                  {issue && <Typography.Text type="danger">{issue}</Typography.Text>}
                </Space>
              );
            },
          },
        ]}
      />
      <Input.TextArea style={{ marginTop: 12 }} rows={2} maxLength={200} placeholder={t('inbound:receipt.remark')} value={remark} onChange={(e) => setRemark(e.target.value)} />
        </>
      )}
    </Modal>
  );
}
