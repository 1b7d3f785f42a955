// /afterSale/createAfterSaleOrder (MENU_AFTER_SALES): an after-sale document made by hand from an
// order (spec 02 §3.7): find the order by its code or platform order number, choose the type,
// the lines and quantities (at most what the line has; the server holds returns within what
// shipped minus what is already being returned), the refund, the reason and the return warehouse.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AFTER_SALE_TYPES, GOODS_COME_BACK, HAS_REFUND, REPLACEMENT_MODES, SENDS_GOODS, type AfterSaleType, type OrderRow, type ReplacementMode } from '@openseller/core';
import { toast } from '../../../app/toast';
import { orderListApi } from '../../orders/list/api';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { PageTitle } from '../../../ui/page-title';
import { afterSalesApi } from '../api';
import { afterSalesErrorMessage, useAfterSalesMutation } from '../queries';

interface DraftLine {
  erpSodId: number;
  skuId: number | null;
  skuCode: string;
  skuName: string | null;
  ordered: number;
  price: string;
  qty: number;
}

export default function CreateAfterSalePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [orderCode, setOrderCode] = useState('');
  const [order, setOrder] = useState<OrderRow | null>(null);
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [type, setType] = useState<AfterSaleType>('REFUND_ONLY');
  const [refundFee, setRefundFee] = useState('');
  const [reason, setReason] = useState('');
  const [remark, setRemark] = useState('');
  const [expressNo, setExpressNo] = useState('');
  const [whId, setWhId] = useState<number | undefined>();
  const [replacementMode, setReplacementMode] = useState<ReplacementMode | undefined>();
  const create = useAfterSalesMutation(afterSalesApi.create);

  async function findOrder() {
    const code = orderCode.trim();
    if (!code) return;
    try {
      const page = await orderListApi.search({ activeKey: '6', codeKeywords: code, currentPage: 1, pageSize: 1 } as never);
      const found = page.voList[0];
      if (!found) {
        toast.error(t('aftersales:create.orderNotFound', { code }));
        return;
      }
      setOrder(found);
      setWhId(found.warehouseId ?? undefined);
      setLines(found.lines.map((l) => ({ erpSodId: l.id, skuId: l.skuId, skuCode: l.skuCode ?? '', skuName: l.skuName, ordered: l.qty, price: String(l.price), qty: 0 })));
    } catch (error) {
      toast.error(afterSalesErrorMessage(error));
    }
  }

  async function submit() {
    if (!order) return;
    const chosen = lines.filter((l) => l.qty > 0);
    if ((GOODS_COME_BACK.has(type) || SENDS_GOODS.has(type)) && !chosen.length) {
      toast.error(t('aftersales:create.noLines'));
      return;
    }
    if (type === 'REFUND_ONLY' && !chosen.length && !refundFee.trim()) {
      toast.error(t('aftersales:create.noRefund'));
      return;
    }
    const created = await create.mutateAsync({
      erpSoHId: order.id,
      type,
      refundFee: HAS_REFUND.has(type) && refundFee.trim() ? refundFee.trim() : null,
      afterSalesReason: reason || null,
      remark: remark || null,
      buyerExpressNo: expressNo || null,
      returnWhId: GOODS_COME_BACK.has(type) ? (whId ?? null) : null,
      returnDetailDtos: type === 'REISSUE' ? [] : chosen.map((l) => ({ erpSodId: l.erpSodId, skuNum: l.qty })),
      // The order's goods sent again, at the price they were sold at (an exchange of the same goods settles nothing).
      exchangeDetailDtos: SENDS_GOODS.has(type) ? chosen.filter((l) => l.skuId).map((l) => ({ skuId: l.skuId!, skuNum: l.qty, skuPrice: l.price })) : [],
      // A reissue takes nothing back: its replacement can only ship now.
      replacementMode: SENDS_GOODS.has(type) && replacementMode && !(type === 'REISSUE' && replacementMode === 'AFTER_RECEIPT') ? replacementMode : null,
    });
    toast.success(t('aftersales:create.done', { code: created.code }));
    navigate('/afterSale');
  }

  return (
    <>
      <PageTitle title={t('nav:routes.createAfterSale')} />
      <Card>
        <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
          <Input.Search
            aria-label={t('aftersales:create.orderCode')}
            placeholder={t('aftersales:create.orderCode')}
            value={orderCode}
            onChange={(e) => setOrderCode(e.target.value)}
            onSearch={() => void findOrder()}
            enterButton={t('aftersales:create.findOrder')}
            style={{ maxWidth: 480 }}
          />
          {!order && <Alert type="info" showIcon message={t('aftersales:create.hint')} />}
          {order && (
            <>
              <Typography.Text>{t('aftersales:create.orderFound', { code: order.code, buyer: order.buyerNick ?? '', status: t(`orders:status.${order.statusCode}`, { defaultValue: order.statusCode }) })}</Typography.Text>
              <Form layout="vertical">
                <Form.Item label={t('aftersales:columns.type')} required>
                  <Radio.Group value={type} onChange={(e) => setType(e.target.value)} options={AFTER_SALE_TYPES.map((v) => ({ value: v, label: t(`aftersales:types.${v}`) }))} />
                </Form.Item>
                <Table
                  size="small"
                  rowKey="erpSodId"
                  pagination={false}
                  dataSource={lines}
                  columns={[
                    { title: t('aftersales:columns.skuCode'), dataIndex: 'skuCode' },
                    { title: t('aftersales:columns.skuName'), dataIndex: 'skuName' },
                    { title: t('aftersales:columns.ordered'), dataIndex: 'ordered', width: 90 },
                    { title: t('aftersales:columns.price'), dataIndex: 'price', width: 100 },
                    {
                      title: t('aftersales:columns.qty'),
                      width: 140,
                      render: (_: unknown, line: DraftLine) => (
                        <InputNumber
                          aria-label={t('aftersales:create.qtyOf', { code: line.skuCode })}
                          min={0}
                          max={line.ordered}
                          precision={0}
                          value={line.qty}
                          onChange={(v) => setLines((all) => all.map((l) => (l.erpSodId === line.erpSodId ? { ...l, qty: Number(v ?? 0) } : l)))}
                        />
                      ),
                    },
                  ]}
                />
                <Space wrap style={{ marginTop: 16 }} align="start">
                  {HAS_REFUND.has(type) && (
                    <Form.Item label={t('aftersales:columns.refundFee')} extra={t('aftersales:create.refundHint')}>
                      <Input aria-label={t('aftersales:columns.refundFee')} value={refundFee} onChange={(e) => setRefundFee(e.target.value)} style={{ width: 160 }} inputMode="decimal" />
                    </Form.Item>
                  )}
                  {GOODS_COME_BACK.has(type) && (
                    <>
                      <Form.Item label={t('aftersales:columns.returnWarehouse')}>
                        <WarehouseSelect value={whId} onChange={(v) => setWhId(v)} style={{ width: 200 }} />
                      </Form.Item>
                      <Form.Item label={t('aftersales:columns.expressNo')}>
                        <Input value={expressNo} onChange={(e) => setExpressNo(e.target.value)} maxLength={64} style={{ width: 200 }} />
                      </Form.Item>
                    </>
                  )}
                  {SENDS_GOODS.has(type) && (
                    <Form.Item label={t('aftersales:columns.replacement')} extra={t('aftersales:replacement.hint')}>
                      <Select
                        allowClear
                        aria-label={t('aftersales:columns.replacement')}
                        style={{ width: 220 }}
                        value={replacementMode}
                        onChange={(v) => setReplacementMode(v)}
                        options={REPLACEMENT_MODES.filter((m) => type !== 'REISSUE' || m === 'NOW').map((m) => ({ value: m, label: t(`aftersales:replacementModes.${m}`) }))}
                      />
                    </Form.Item>
                  )}
                  <Form.Item label={t('aftersales:columns.reason')}>
                    <Input aria-label={t('aftersales:columns.reason')} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} style={{ width: 220 }} />
                  </Form.Item>
                  <Form.Item label={t('aftersales:create.remark')}>
                    <Input value={remark} onChange={(e) => setRemark(e.target.value)} maxLength={500} style={{ width: 260 }} />
                  </Form.Item>
                </Space>
              </Form>
              <Space>
                <Button type="primary" loading={create.isPending} onClick={() => void submit().catch(() => undefined)}>
                  {t('aftersales:create.submit')}
                </Button>
                <Button onClick={() => navigate('/afterSale')}>{t('common:actions.cancel')}</Button>
              </Space>
            </>
          )}
        </Space>
      </Card>
    </>
  );
}
