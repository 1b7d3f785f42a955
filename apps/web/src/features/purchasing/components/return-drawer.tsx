// One purchase return: its header (supplier, warehouse, cost rule, outbound order), its lines with
// the inbound line and order they come from, the reason, what left and at what cost.
import { Alert, Descriptions, Drawer, Space, Table, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatMoney, type PurchaseReturnLineRow } from '@openseller/core';
import { useSeesPurchasePrice } from '../queries';
import { purchaseReturnErrorMessage, usePurchaseReturn } from '../return-queries';
import { PurchaseReturnCommands } from './return-commands';
import { returnLineCost } from './return-cost-preview';
import { PurchaseReturnStatusTag } from './return-tags';

export function PurchaseReturnDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const seesPrice = useSeesPurchasePrice();
  const view = usePurchaseReturn(id);
  const data = view.data && view.data.purchaseReturn.id === id ? view.data : null;
  const money = (v: string | null | undefined) => (v === null || v === undefined ? '-' : formatMoney(v));
  const r = data?.purchaseReturn;

  return (
    <Drawer open={id !== null} onClose={onClose} width={1000} title={r ? t('purchasereturn:detail.title', { code: r.code }) : t('purchasereturn:detail.loading')} destroyOnHidden>
      {view.error && <Alert type="error" showIcon message={purchaseReturnErrorMessage(view.error)} />}
      {data && r && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <PurchaseReturnCommands row={r} size="middle" onDeleted={onClose} />
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('purchasereturn:fields.status')}>
              <PurchaseReturnStatusTag status={r.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('purchasereturn:fields.costRule')}>{t(`purchasereturn:costRules.${r.costRule}`)}</Descriptions.Item>
            <Descriptions.Item label={t('purchasereturn:fields.supplier')}>{`${r.supplierName} (${r.supplierCode})`}</Descriptions.Item>
            <Descriptions.Item label={t('purchasereturn:fields.warehouse')}>{r.warehouseName}</Descriptions.Item>
            <Descriptions.Item label={t('purchasereturn:fields.delivered')}>{`${r.deliveredQtyTotal} / ${r.qtyTotal}`}</Descriptions.Item>
            {seesPrice && <Descriptions.Item label={t('purchasereturn:fields.amountTotal')}>{money(r.amountTotal)}</Descriptions.Item>}
            <Descriptions.Item label={t('purchasereturn:fields.wdo')}>
              {r.wdoCode ? (
                <Space>
                  <Link to={`/stocks?activeKey=3&open=${r.wdoId}`}>{r.wdoCode}</Link>
                  {r.wdoStatus && <Typography.Text type="secondary">{t(`purchasereturn:wdoStatuses.${r.wdoStatus}`, { defaultValue: r.wdoStatus })}</Typography.Text>}
                </Space>
              ) : (
                '-'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('purchasereturn:fields.purchaseCodes')}>{r.purchaseCodes.join(', ') || '-'}</Descriptions.Item>
            {r.rejectReason && <Descriptions.Item label={t('purchasereturn:fields.rejectReason')}>{r.rejectReason}</Descriptions.Item>}
            <Descriptions.Item label={t('purchasereturn:fields.remark')} span={2}>
              {r.remark ?? ''}
            </Descriptions.Item>
          </Descriptions>
          {r.status === 'VERIFY' && <Alert type="info" showIcon message={t('purchasereturn:detail.awaitingDelivery', { wdo: r.wdoCode ?? '' })} />}
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('purchasereturn:detail.lines')}
          </Typography.Title>
          <Table<PurchaseReturnLineRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.lines}
            scroll={{ x: 900 }}
            columns={[
              { title: t('purchasereturn:fields.sku'), key: 'sku', render: (_, l) => <Space direction="vertical" size={0}><Typography.Text strong>{l.skuCode}</Typography.Text><Typography.Text type="secondary">{[l.skuName, l.skuSpec].filter(Boolean).join(' · ')}</Typography.Text></Space> },
              { title: t('purchasereturn:fields.purchaseCode'), dataIndex: 'purchaseCode' },
              { title: t('purchasereturn:fields.asnCode'), dataIndex: 'asnCode' },
              { title: t('purchasereturn:fields.qty'), dataIndex: 'qty', align: 'right' },
              { title: t('purchasereturn:fields.deliveredQty'), dataIndex: 'deliveredQty', align: 'right' },
              { title: t('purchasereturn:fields.returnReason'), dataIndex: 'returnReason' },
              ...(seesPrice
                ? [
                    {
                      title: t('purchasereturn:fields.unitCost'),
                      key: 'unitCost',
                      align: 'right' as const,
                      render: (_: unknown, l: PurchaseReturnLineRow) => money(l.unitCost ?? returnLineCost(l, r.costRule)),
                    },
                  ]
                : []),
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
