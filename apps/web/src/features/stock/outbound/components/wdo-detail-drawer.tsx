// One outbound order: its header, its lines with what left, and its history of statuses.
import { Alert, Descriptions, Drawer, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WdoDetailRow } from '@openseller/core';
import { DateTime } from '../../../../ui/relative-time';
import { warehouseLabel } from '../../../warehouses/queries';
import { outboundErrorMessage, useWdo } from '../queries';
import { WdoStatusTag, WdoSyncTag } from './wdo-parts';

export function WdoDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading, error } = useWdo(id);
  return (
    <Drawer open={!!id} onClose={onClose} width={880} title={data ? t('outbound:detail.title', { code: data.code }) : t('outbound:detail.loading')} destroyOnHidden>
      {isLoading && <Skeleton active />}
      {error && <Alert type="error" showIcon message={outboundErrorMessage(error)} />}
      {data && (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('outbound:fields.code')}>
              <Typography.Text copyable>{data.code}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.status')}>
              <WdoStatusTag row={data} />
            </Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.warehouse')}>{warehouseLabel(data.warehouseName, data.warehouseType as never)}</Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.wdoType')}>{t(`outbound:types.${data.wdoType}`)}</Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.syncStatus')}>
              <WdoSyncTag row={data} />
            </Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.externalCode')}>{data.externalCode ?? '-'}</Descriptions.Item>
            {data.syncMessage && (
              <Descriptions.Item label={t('outbound:fields.syncMessage')} span={2}>
                <Typography.Text type="danger">{data.syncMessage}</Typography.Text>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('outbound:fields.relatedCode')}>{data.relatedCode ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.qtyTotal')}>
              {data.deliveredQtyTotal ? t('outbound:detail.deliveredOf', { delivered: data.deliveredQtyTotal, total: data.qtyTotal }) : data.qtyTotal}
            </Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.receiverName')}>{data.receiverName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.receiverPhone')}>{data.receiverPhone ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.receiverAddress')} span={2}>
              {data.receiverAddress ?? '-'}
            </Descriptions.Item>
            {(data.expressCompanyCode || data.expressNo) && (
              <Descriptions.Item label={t('outbound:fields.express')} span={2}>
                {[data.expressCompanyCode, data.expressNo].filter(Boolean).join(' ')}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('outbound:fields.remark')} span={2}>
              {data.remark ?? '-'}
            </Descriptions.Item>
            {data.cancelReason && (
              <Descriptions.Item label={t('outbound:fields.cancelReason')} span={2}>
                {data.cancelReason}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('outbound:fields.createdBy')}>{data.createdByName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.createdAt')}>
              <DateTime value={data.createdAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('outbound:fields.verifiedAt')}>
              <DateTime value={data.verifiedAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t(data.cancelledAt ? 'outbound:fields.cancelledAt' : 'outbound:fields.deliveredAt')}>
              <DateTime value={data.cancelledAt ?? data.deliveredAt} />
            </Descriptions.Item>
          </Descriptions>
          <Table<WdoDetailRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.wdoDetails}
            columns={[
              { title: '#', width: 48, render: (_, __, i) => i + 1 },
              { title: t('outbound:fields.skuCode'), dataIndex: 'skuCode', width: 170 },
              { title: t('outbound:fields.skuName'), render: (_, r) => [r.skuName, r.specifications].filter(Boolean).join(' / ') || '-' },
              { title: t('outbound:fields.barCode'), dataIndex: 'barCode', width: 140, render: (v: string | null) => v ?? '-' },
              { title: t('outbound:fields.qty'), dataIndex: 'qty', width: 90, align: 'right' },
              { title: t('outbound:fields.deliveredQty'), dataIndex: 'deliveredQty', width: 100, align: 'right' },
              { title: t('outbound:fields.remark'), dataIndex: 'remark', width: 140, render: (v: string | null) => v ?? '-' },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
