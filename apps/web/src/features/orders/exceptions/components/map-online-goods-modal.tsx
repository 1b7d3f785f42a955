// "Map online goods": the unmapped online SKUs of the selected orders, each with a system SKU
// chosen in the goods area's SKU picker. Saving confirms each mapping through the online-goods
// mapping area (which re-maps the pending orders of the store), then rematches the selected
// orders' SKUs; the parent shows the rematch result.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Flex, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderBatchResult, OrderRow, SkuPick, TbSkuRow } from '@openseller/core';
import { SkuPicker } from '../../../goods/components/sku-picker';
import { mappingApi } from '../../../mapping/api';
import { mappingErrorMessage } from '../../../mapping/queries';
import { orderExceptionsApi } from '../api';
import { unmappedOnlineSkus, type UnmappedOnlineSku } from '../unmapped';

export { unmappedOnlineSkus, type UnmappedOnlineSku } from '../unmapped';

/** The mapping area's row of an online SKU (waiting, confirmed or in the recycle bin), if it has one. */
async function mappingRowOf(entry: UnmappedOnlineSku): Promise<{ row: TbSkuRow; deleted: boolean } | null> {
  for (const scope of ['wait', 'already', 'deleted'] as const) {
    const page = await mappingApi.search(scope, { storeId: entry.storeId, keyword: entry.tbSkuId, currentPage: 1, pageSize: 100 });
    const row = page.voList.find((r) => r.tbSkuId === entry.tbSkuId && r.storeId === entry.storeId);
    if (row) return { row, deleted: scope === 'deleted' };
  }
  return null;
}

export function MapOnlineGoodsModal({ open, orders, onClose, onResult }: { open: boolean; orders: OrderRow[]; onClose: () => void; onResult: (result: OrderBatchResult) => void }) {
  const { t } = useTranslation();
  const entries = useMemo(() => unmappedOnlineSkus(orders), [orders]);
  const [chosen, setChosen] = useState<Record<string, SkuPick>>({});
  const [picking, setPicking] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) {
      setChosen({});
      setProblems([]);
    }
  }, [open]);

  const save = async () => {
    setSaving(true);
    const found: string[] = [];
    try {
      for (const entry of entries) {
        const sku = chosen[entry.key];
        if (!sku) continue;
        const name = entry.title ?? entry.tbSkuId;
        try {
          const existing = await mappingRowOf(entry);
          if (existing?.deleted) {
            found.push(t('orderexceptions:map.inRecycleBin', { name }));
          } else if (existing) {
            await mappingApi.replace({ tbSkuId: existing.row.tbSkuId, storeId: existing.row.storeId, skuId: sku.id, isUpdateNormalOrderDetail: false, version: existing.row.version });
          } else {
            await mappingApi.createByHand({
              storeId: entry.storeId,
              tbSpuId: entry.tbSkuId,
              itemTitle: name,
              tbSkuId: entry.tbSkuId,
              ...(entry.title ? { title: entry.title } : {}),
              ...(entry.properties ? { properties: entry.properties } : {}),
              ...(entry.outerSkuId ? { outerSkuId: entry.outerSkuId } : {}),
              skuId: sku.id,
            });
          }
        } catch (error) {
          found.push(`${name}: ${mappingErrorMessage(error)}`);
        }
      }
      const result = await orderExceptionsApi.rematch({ idList: orders.map((o) => o.id), stages: ['sku'] });
      setProblems(found);
      onResult(result);
      if (!found.length) onClose();
    } catch (error) {
      setProblems([...found, mappingErrorMessage(error)]);
    } finally {
      setSaving(false);
    }
  };

  const pickingEntry = entries.find((e) => e.key === picking);
  return (
    <>
      <Modal
        open={open}
        title={t('orderexceptions:map.title')}
        onCancel={onClose}
        onOk={() => void save()}
        okText={t('orderexceptions:map.save')}
        okButtonProps={{ disabled: !Object.keys(chosen).length }}
        cancelText={t('common:actions.cancel')}
        confirmLoading={saving}
        maskClosable={false}
        width={900}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            {t('orderexceptions:map.help')} <Link to="/goods/mapping">{t('orderexceptions:map.openMapping')}</Link>
          </Typography.Text>
          {problems.length > 0 && <Alert type="warning" showIcon title={t('orderexceptions:map.problems')} description={problems.map((p) => <div key={p}>{p}</div>)} />}
          <Table<UnmappedOnlineSku>
            rowKey="key"
            size="small"
            pagination={entries.length > 10 ? { pageSize: 10 } : false}
            dataSource={entries}
            locale={{ emptyText: t('orderexceptions:map.none') }}
            columns={[
              { title: t('orderexceptions:map.store'), key: 'store', width: 140, render: (_, e) => e.storeName ?? '-' },
              {
                title: t('orderexceptions:map.onlineSku'),
                key: 'online',
                render: (_, e) => (
                  <>
                    {e.title ?? '-'}
                    {e.properties && <Typography.Text type="secondary"> {e.properties}</Typography.Text>}
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('orderexceptions:map.ids', { tbSkuId: e.tbSkuId, outer: e.outerSkuId ?? '-' })}
                    </Typography.Text>
                  </>
                ),
              },
              { title: t('orderexceptions:map.orders'), key: 'orders', width: 80, align: 'right', render: (_, e) => e.orderIds.length },
              {
                title: t('orderexceptions:map.systemSku'),
                key: 'sku',
                width: 240,
                render: (_, e) => {
                  const sku = chosen[e.key];
                  return (
                    <Flex gap={8} align="center" wrap>
                      {sku && (
                        <Typography.Text>
                          {sku.code} {sku.name}
                        </Typography.Text>
                      )}
                      <Button size="small" onClick={() => setPicking(e.key)}>
                        {sku ? t('orderexceptions:map.change') : t('orderexceptions:map.choose')}
                      </Button>
                    </Flex>
                  );
                },
              },
            ]}
          />
        </Flex>
      </Modal>
      <SkuPicker
        open={!!pickingEntry}
        multiple={false}
        title={pickingEntry ? t('orderexceptions:map.pickerTitle', { name: pickingEntry.title ?? pickingEntry.tbSkuId }) : undefined}
        onClose={() => setPicking(null)}
        onConfirm={(skus) => {
          const sku = skus[0];
          if (pickingEntry && sku) setChosen((c) => ({ ...c, [pickingEntry.key]: sku }));
          setPicking(null);
        }}
      />
    </>
  );
}
