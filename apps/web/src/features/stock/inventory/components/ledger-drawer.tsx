// "How this number came about": the ledger of one SKU in one warehouse (one location, or all of
// them), newest first, with the balance now and what its ledger rows add up to.
import { useEffect, useState } from 'react';
import { Alert, Descriptions, Drawer, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InventoryLogRow } from '@openseller/core';
import { tablePagination } from '../../../../ui/pagination';
import { stockErrorMessage, useLedger } from '../queries';
import { ledgerColumns } from './ledger-columns';

export interface LedgerTarget {
  whId: number;
  whName: string;
  skuId: number;
  skuCode: string;
  skuName: string;
  /** One location (0 = not kept by location), or every location of the warehouse when absent. */
  locationId?: number;
  locationCode?: string | null;
}

export function LedgerDrawer({ target, onClose }: { target: LedgerTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 50 });
  useEffect(() => setPage({ currentPage: 1, pageSize: 50 }), [target]);
  const filter = target ? { whId: target.whId, skuId: target.skuId, ...(target.locationId !== undefined ? { locationId: target.locationId } : {}), ...page } : null;
  const ledger = useLedger(filter);
  const data = ledger.data;
  const place = target?.locationId === undefined ? t('stock:ledger.allLocations') : (target.locationCode ?? t('stock:list.noLocation'));
  return (
    <Drawer open={target !== null} onClose={onClose} width={1100} title={target ? t('stock:ledger.title', { sku: target.skuCode, warehouse: target.whName }) : ''} destroyOnHidden>
      {target && (
        <>
          <Descriptions
            size="small"
            bordered
            column={4}
            style={{ marginBottom: 12 }}
            items={[
              { key: 'sku', label: t('stock:fields.sku'), children: `${target.skuCode} ${target.skuName}` },
              { key: 'place', label: t('stock:fields.location'), children: place },
              { key: 'onHand', label: t('stock:fields.onHand'), children: data?.onHand ?? '-' },
              { key: 'allocated', label: t('stock:fields.allocated'), children: data?.allocated ?? '-' },
              { key: 'available', label: t('stock:fields.available'), children: data?.available ?? '-' },
              { key: 'ledgerOnHand', label: t('stock:ledger.sumOnHand'), children: data?.ledgerOnHand ?? '-' },
              { key: 'ledgerAllocated', label: t('stock:ledger.sumAllocated'), children: data?.ledgerAllocated ?? '-' },
              { key: 'rows', label: t('stock:ledger.rows'), children: data?.total ?? '-' },
            ]}
          />
          {ledger.error && <Alert type="error" showIcon message={stockErrorMessage(ledger.error)} style={{ marginBottom: 12 }} />}
          {data && (data.onHand !== data.ledgerOnHand || data.allocated !== data.ledgerAllocated) && (
            <Alert type="error" showIcon message={t('stock:ledger.mismatch')} style={{ marginBottom: 12 }} />
          )}
          <Table<InventoryLogRow>
            rowKey="id"
            size="small"
            loading={ledger.isFetching}
            dataSource={data?.voList ?? []}
            columns={ledgerColumns(t, { withSku: false, withWarehouse: false })}
            scroll={{ x: 1200 }}
            pagination={tablePagination(page.currentPage, page.pageSize, data?.total ?? 0, (currentPage, pageSize) => setPage({ currentPage: pageSize !== page.pageSize ? 1 : currentPage, pageSize }))}
          />
        </>
      )}
    </Drawer>
  );
}
