// The bar of tab 5 (spec 01 §2.4, spec 02 §3.5): per exception kind, the action that resolves it.
// unmapped → map online goods (then rematch) or open the mapping page; warehouse / express →
// match again through the pipeline, or choose by hand (the commands part's updateWarehouse /
// updateExpress); sync → the failed platform orders, synced again or their alert closed;
// intercepted → why, and that the order cannot be sent; issued → the orders a warehouse system
// refused or did not answer, issued again. Results in the batch-result dialog.
import { Suspense, useState } from 'react';
import { Alert, Button, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderBatchResult, OrderRow, RematchStage } from '@openseller/core';
import { toast } from '../../../app/toast';
import { orderCommandsApi } from '../commands/api';
import { BatchResultModal } from '../commands/components/batch-result-modal';
import { CourierModal, WarehouseModal } from '../commands/components/choice-modals';
import { commandErrorMessage, useOrderCommand } from '../commands/queries';
import { orderExceptionsApi } from './api';
import { unmappedOnlineSkus } from './unmapped';
import { lazyComponent, useOnceTrue } from '../../../app/lazy-page';

// The map dialog (with the SKU picker and its pictures) loads when first opened.
const MapOnlineGoodsModal = lazyComponent(async () => (await import('./components/map-online-goods-modal')).MapOnlineGoodsModal);
import { SyncFailPanel } from './components/sync-fail-panel';
import { InterceptTasksPanel } from '../intercepts/intercept-tasks-panel';
import { shippingApi } from '../shipping/api';

type Dialog = 'map' | 'warehouse' | 'courier' | null;

export function ExceptionActions({ type, selected, onDone }: { type: string; selected: OrderRow[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const mapSeen = useOnceTrue(dialog === 'map');
  const [result, setResult] = useState<{ title: string; result: OrderBatchResult } | null>(null);
  const batch = useOrderCommand((run: () => Promise<OrderBatchResult>) => run());
  const ids = selected.map((o) => o.id);
  const versions = selected.map((o) => ({ id: o.id, version: o.version }));
  const none = ids.length === 0;

  function report(title: string, r: OrderBatchResult) {
    if (r.failures.length === 0) toast.success(t('orderexceptions:result.allDone', { action: title, count: r.successIds.length }));
    else setResult({ title, result: r });
    onDone();
  }
  function run(title: string, call: () => Promise<OrderBatchResult>, after?: () => void) {
    batch.mutate(call, {
      onSuccess: (r) => {
        after?.();
        report(title, r);
      },
      onError: (e) => toast.error(commandErrorMessage(e)),
    });
  }
  const rematch = (title: string, stages: RematchStage[]) => run(title, () => orderExceptionsApi.rematch({ idList: ids, stages }));

  const show = (kind: string) => type === '' || type === kind;
  const interceptedSelected = selected.filter((o) => o.intercepted);

  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      {type === 'sync' && <SyncFailPanel onResult={(title, r) => setResult({ title, result: r })} onDone={onDone} />}
      {type !== 'sync' && (
        <Space wrap>
          {type === '' && (
            <Button disabled={none} loading={batch.isPending} onClick={() => rematch(t('orderexceptions:actions.rematchAll'), ['sku', 'warehouse', 'express'])}>
              {t('orderexceptions:actions.rematchAll')}
            </Button>
          )}
          {show('unmapped') && (
            <>
              <Button type={type === 'unmapped' ? 'primary' : 'default'} disabled={none || unmappedOnlineSkus(selected).length === 0} onClick={() => setDialog('map')}>
                {t('orderexceptions:actions.mapGoods')}
              </Button>
              {type === 'unmapped' && (
                <Button disabled={none} loading={batch.isPending} onClick={() => rematch(t('orderexceptions:actions.rematchSku'), ['sku'])}>
                  {t('orderexceptions:actions.rematchSku')}
                </Button>
              )}
              <Link to="/goods/mapping">{t('orderexceptions:actions.openMapping')}</Link>
            </>
          )}
          {show('warehouse') && (
            <>
              <Button disabled={none} loading={batch.isPending} onClick={() => rematch(t('orderexceptions:actions.rematchWarehouse'), ['warehouse'])}>
                {t('orderexceptions:actions.rematchWarehouse')}
              </Button>
              <Button disabled={none} onClick={() => setDialog('warehouse')}>
                {t('orderexceptions:actions.chooseWarehouse')}
              </Button>
            </>
          )}
          {show('express') && (
            <>
              <Button disabled={none} loading={batch.isPending} onClick={() => rematch(t('orderexceptions:actions.rematchExpress'), ['express'])}>
                {t('orderexceptions:actions.rematchExpress')}
              </Button>
              <Button disabled={none} onClick={() => setDialog('courier')}>
                {t('orderexceptions:actions.chooseCourier')}
              </Button>
            </>
          )}
          {show('issued') && (
            <Button type={type === 'issued' ? 'primary' : 'default'} disabled={none} loading={batch.isPending} onClick={() => run(t('orderexceptions:actions.reissue'), () => shippingApi.issueToWarehouse(ids))}>
              {t('orderexceptions:actions.reissue')}
            </Button>
          )}
          {none && <Typography.Text type="secondary">{t('orderexceptions:actions.selectFirst')}</Typography.Text>}
        </Space>
      )}
      {type === 'issued' && <Alert type="info" showIcon title={t('orderexceptions:issued.help')} />}
      {type === 'intercepted' && <InterceptTasksPanel onDone={onDone} />}
      {type === 'intercepted' && (
        <Alert
          type="warning"
          showIcon
          title={t('orderexceptions:intercepted.cannotSend')}
          description={
            interceptedSelected.length ? (
              interceptedSelected.map((o) => (
                <div key={o.id}>
                  {o.code}: {t(`orderexceptions:intercepted.reasons.${o.interceptReason ?? 'UNKNOWN'}`, { defaultValue: o.interceptReason ?? '' })}
                </div>
              ))
            ) : (
              t('orderexceptions:intercepted.help')
            )
          }
        />
      )}

      {mapSeen && (
        <Suspense fallback={null}>
          <MapOnlineGoodsModal open={dialog === 'map'} orders={selected} onClose={() => setDialog(null)} onResult={(r) => report(t('orderexceptions:actions.mapGoods'), r)} />
        </Suspense>
      )}
      <WarehouseModal
        open={dialog === 'warehouse'}
        count={ids.length}
        pending={batch.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(v) => run(t('orderexceptions:actions.chooseWarehouse'), () => orderCommandsApi.updateWarehouse({ idList: ids, versions, warehouseId: v.warehouseId }), () => setDialog(null))}
      />
      <CourierModal
        open={dialog === 'courier'}
        count={ids.length}
        pending={batch.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(v) => run(t('orderexceptions:actions.chooseCourier'), () => orderCommandsApi.updateExpress({ idList: ids, versions, expressCompanyCode: v.expressCompanyCode }), () => setDialog(null))}
      />
      <BatchResultModal title={result?.title ?? ''} result={result?.result ?? null} onClose={() => setResult(null)} />
    </Flex>
  );
}
