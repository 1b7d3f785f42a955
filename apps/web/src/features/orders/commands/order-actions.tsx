// The command bar of the order list (verify, lock, merge, split, …) for the selected orders.
// Which buttons a tab shows follows the statuses it lists; each is enabled by the selection.
// Verify goes out in batches (100, or 10 in the embedded app) with a progress dialog; every
// batch command ends with a toast, or with a result dialog listing each refused order.
import { useState } from 'react';
import { Button, Dropdown, Modal, Progress, Space, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ConvertOrdersInput, OrderBatchResult, OrderRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { orderCommandsApi } from './api';
import { BatchResultModal } from './components/batch-result-modal';
import { CourierModal, FlagModal, WarehouseModal } from './components/choice-modals';
import { SplitModal } from './components/split-modal';
import { SplitOutOfStockModal } from './components/split-out-of-stock-modal';
import { moreActionEnabled, type MoreAction } from './order-edits';
import { ACTIONS_BY_TAB, MORE_BY_TAB, type BarAction } from './tab-actions';
import { commandErrorMessage, useOrderCommand } from './queries';
import { isEmbedded, runInBatches, verifyBatchSize } from './verify-batches';
import { useShellApi } from '../../../ui/shell-api';

export interface OrderActionsProps {
  /** The /order tab (activeKey) the list shows. */
  tab: string;
  selected: OrderRow[];
  /** Called after a command changed orders (the list refetches). */
  onDone: () => void;
}

/** Whether the selection allows the action: one order for split, two or more for merge. */
export function actionEnabled(action: BarAction, count: number): boolean {
  if (action === 'refreshStockOut') return true;
  if (action === 'merge') return count >= 2;
  if (action === 'split' || action === 'splitOutOfStock') return count === 1;
  return count >= 1;
}

const MORE_ACTIONS_SET = new Set<string>(['recycleExpressNo', 'releaseRisk', 'cancelMerge', 'cancelSplit']);

type BatchCommand = 'cancelVerify' | 'lock' | 'unlock' | 'close' | 'cancelClose';

export function OrderActions({ tab, selected, onDone }: OrderActionsProps) {
  const { t } = useTranslation();
  const { modal } = useShellApi();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<{ title: string; result: OrderBatchResult } | null>(null);
  const [dialog, setDialog] = useState<'courier' | 'warehouse' | 'flag' | null>(null);
  const [splitting, setSplitting] = useState<OrderRow | null>(null);
  const [splittingShort, setSplittingShort] = useState<OrderRow | null>(null);
  const [busy, setBusy] = useState(false);

  const batchCall = useOrderCommand(async (run: () => Promise<OrderBatchResult>) => run());
  const merge = useOrderCommand(orderCommandsApi.merge);
  const refresh = useOrderCommand(orderCommandsApi.refreshStockOut);
  const cancelMerge = useOrderCommand(orderCommandsApi.cancelMerge);
  const cancelSplit = useOrderCommand(orderCommandsApi.cancelSplit);

  const ids = selected.map((o) => o.id);
  const versions = selected.map((o) => ({ id: o.id, version: o.version }));
  const label = (action: BarAction) => t(`ordercommands:actions.${action}`);

  /** A toast when every order went through; otherwise an error toast and the result dialog listing each refused order. */
  function report(action: BarAction | MoreAction, r: OrderBatchResult) {
    const name = labelOf(action);
    if (r.failures.length === 0) toast.success(t('ordercommands:result.allDone', { action: name, count: r.successIds.length }));
    else {
      toast.error(t('ordercommands:result.someFailed', { action: name, count: r.failures.length }));
      setResult({ title: name, result: r });
    }
    onDone();
  }

  const labelOf = (action: BarAction | MoreAction) => (action.includes(':') || MORE_ACTIONS_SET.has(action) ? t(`ordercommands:more.${action.replace(':', '_')}`) : label(action as BarAction));

  function runBatch(action: BarAction | MoreAction, run: () => Promise<OrderBatchResult>, after?: () => void) {
    batchCall.mutate(run, {
      onSuccess: (r) => {
        after?.();
        report(action, r);
      },
      onError: (e) => toast.error(commandErrorMessage(e)),
    });
  }

  async function verify() {
    setBusy(true);
    setProgress({ done: 0, total: ids.length });
    try {
      const merged = await runInBatches(
        ids,
        verifyBatchSize(isEmbedded()),
        (idList) => orderCommandsApi.verify({ idList, versions: versions.filter((v) => idList.includes(v.id)) }),
        (done, total) => setProgress({ done, total }),
        (id, error) => {
          const message = commandErrorMessage(error);
          return { id, code: selected.find((o) => o.id === id)?.code ?? null, errorCode: 'ERR_BATCH_FAILED', message, params: {} };
        },
      );
      setProgress(null);
      report('verify', merged);
    } finally {
      setProgress(null);
      setBusy(false);
    }
  }

  const simple: Record<BatchCommand, () => Promise<OrderBatchResult>> = {
    cancelVerify: () => orderCommandsApi.cancelVerify({ idList: ids, versions }),
    lock: () => orderCommandsApi.lock({ idList: ids, versions }),
    unlock: () => orderCommandsApi.unlock({ idList: ids, versions }),
    close: () => orderCommandsApi.close({ idList: ids, versions }),
    cancelClose: () => orderCommandsApi.cancelClose({ idList: ids, versions }),
  };

  function onClick(action: BarAction) {
    switch (action) {
      case 'verify':
        void verify();
        return;
      case 'close':
        modal.confirm({
          title: t('ordercommands:confirm.closeTitle', { count: ids.length }),
          content: t('ordercommands:confirm.closeBody'),
          okText: t('ordercommands:actions.close'),
          okButtonProps: { danger: true },
          cancelText: t('common:actions.cancel'),
          onOk: () => runBatch('close', simple.close),
        });
        return;
      case 'cancelVerify':
        modal.confirm({
          title: t('ordercommands:confirm.cancelVerifyTitle', { count: ids.length }),
          content: t('ordercommands:confirm.cancelVerifyBody'),
          okText: t('ordercommands:actions.cancelVerify'),
          cancelText: t('common:actions.cancel'),
          onOk: () => runBatch('cancelVerify', simple.cancelVerify),
        });
        return;
      case 'lock':
      case 'unlock':
      case 'cancelClose':
        runBatch(action, simple[action]);
        return;
      case 'merge':
        merge.mutate(
          { idList: ids },
          {
            onSuccess: (r) => {
              toast.success(t('ordercommands:merge.done', { code: r.code, count: r.sourceIds.length }));
              onDone();
            },
            onError: (e) => toast.error(commandErrorMessage(e)),
          },
        );
        return;
      case 'split':
        setSplitting(selected[0] ?? null);
        return;
      case 'splitOutOfStock':
        setSplittingShort(selected[0] ?? null);
        return;
      case 'refreshStockOut':
        refresh.mutate(
          {},
          {
            onSuccess: (r) => {
              toast.success(t('ordercommands:refreshStockOut.done', { total: r.total, stockOut: r.stockOut }));
              onDone();
            },
            onError: (e) => toast.error(commandErrorMessage(e)),
          },
        );
        return;
      case 'courier':
      case 'warehouse':
      case 'flag':
        setDialog(action);
        return;
    }
  }

  function onMore(action: MoreAction) {
    const one = selected[0];
    switch (action) {
      case 'recycleExpressNo':
        modal.confirm({
          title: t('ordercommands:more.recycleTitle', { count: ids.length }),
          content: t('ordercommands:more.recycleBody'),
          okText: t('ordercommands:more.recycleExpressNo'),
          cancelText: t('common:actions.cancel'),
          autoFocusButton: 'ok',
          onOk: () => runBatch(action, () => orderCommandsApi.recycleExpressNo({ idList: ids, versions })),
        });
        return;
      case 'releaseRisk':
        runBatch(action, () => orderCommandsApi.releaseRisk({ idList: ids, versions }));
        return;
      case 'cancelMerge':
      case 'cancelSplit':
        if (!one) return;
        modal.confirm({
          title: t(`ordercommands:more.${action}Title`, { code: one.code }),
          content: t(`ordercommands:more.${action}Body`),
          okText: labelOf(action),
          cancelText: t('common:actions.cancel'),
          autoFocusButton: 'ok',
          onOk: () =>
            (action === 'cancelMerge' ? cancelMerge : cancelSplit).mutateAsync({ id: one.id, version: one.version }).then(
              () => {
                toast.success(t(`ordercommands:more.${action}Done`, { code: one.code }));
                onDone();
              },
              (e: unknown) => toast.error(commandErrorMessage(e)),
            ),
        });
        return;
      default: {
        const to = action.slice('convert:'.length) as ConvertOrdersInput['to'];
        runBatch(action, () => orderCommandsApi.convert({ idList: ids, versions, to }));
      }
    }
  }

  const actions = ACTIONS_BY_TAB[tab] ?? [];
  const more = MORE_BY_TAB[tab] ?? [];
  const pending = busy || batchCall.isPending || merge.isPending || refresh.isPending || cancelMerge.isPending || cancelSplit.isPending;
  const moreMenu: MenuProps = {
    items: more.flatMap((action, i) => [
      // A divider between the converts and the other commands.
      ...(i > 0 && !action.startsWith('convert:') && more[i - 1]!.startsWith('convert:') ? [{ type: 'divider' as const, key: `divider-${action}` }] : []),
      { key: action, label: labelOf(action), disabled: !moreActionEnabled(action, selected) },
    ]),
    onClick: ({ key }) => onMore(key as MoreAction),
  };

  return (
    <>
      <Space wrap>
        {actions.map((action) => (
          <Button
            key={action}
            type={action === 'verify' ? 'primary' : 'default'}
            danger={action === 'close'}
            disabled={!actionEnabled(action, ids.length) || pending}
            loading={(action === 'merge' && merge.isPending) || (action === 'refreshStockOut' && refresh.isPending) || (action === 'verify' && busy)}
            onClick={() => onClick(action)}
          >
            {label(action)}
          </Button>
        ))}
        {more.length > 0 && (
          <Dropdown menu={moreMenu} trigger={['click']} disabled={ids.length === 0 || pending}>
            <Button data-testid="order-more">
              <Space size={4}>
                {t('ordercommands:more.button')}
                <DownOutlined />
              </Space>
            </Button>
          </Dropdown>
        )}
      </Space>

      <Modal open={!!progress} title={t('ordercommands:progress.title')} footer={null} closable={false} maskClosable={false}>
        {progress && (
          <>
            <Progress percent={progress.total ? Math.round((progress.done / progress.total) * 100) : 0} />
            <div>{t('ordercommands:progress.body', { done: progress.done, total: progress.total })}</div>
          </>
        )}
      </Modal>

      <BatchResultModal title={result?.title ?? ''} result={result?.result ?? null} onClose={() => setResult(null)} />
      <SplitModal order={splitting} onClose={() => setSplitting(null)} onDone={onDone} />
      <SplitOutOfStockModal order={splittingShort} onClose={() => setSplittingShort(null)} onDone={onDone} />
      <CourierModal
        open={dialog === 'courier'}
        count={ids.length}
        pending={batchCall.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(v) => runBatch('courier', () => orderCommandsApi.updateExpress({ idList: ids, versions, expressCompanyCode: v.expressCompanyCode }), () => setDialog(null))}
      />
      <WarehouseModal
        open={dialog === 'warehouse'}
        count={ids.length}
        pending={batchCall.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(v) => runBatch('warehouse', () => orderCommandsApi.updateWarehouse({ idList: ids, versions, warehouseId: v.warehouseId }), () => setDialog(null))}
      />
      <FlagModal
        open={dialog === 'flag'}
        count={ids.length}
        pending={batchCall.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(v) => runBatch('flag', () => orderCommandsApi.updateSellerFlag({ idList: ids, versions, sellerFlag: v.sellerFlag, sellerRemark: v.sellerRemark ?? null }), () => setDialog(null))}
      />
    </>
  );
}
