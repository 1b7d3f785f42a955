// "Ship" for the selected orders (spec 02 §5, §7.10): ids go out in batches of 20 with a progress
// dialog, refusals are shown per order, and the shipping feedback the sends queued is followed
// by the progress notice (one record per batch; the notice follows them one after another).
import { useCallback, useState } from 'react';
import { Button, Modal, Progress, Space } from 'antd';
import { toast } from '../../../app/toast';
import { useTranslation } from 'react-i18next';
import { ORDER_SEND_BATCH, type OrderBatchResult } from '@openseller/core';
import { BatchResultModal } from '../commands/components/batch-result-modal';
import { commandErrorMessage } from '../commands/queries';
import { runInBatches } from '../commands/verify-batches';
import { shippingApi } from './api';
import { FeedbackProgressNotice } from './feedback-progress-notice';
import { useFeedbackMutation } from './queries';

export interface ShipActionsProps {
  /** The selected orders (id, code and the version the list showed). */
  selected: readonly { id: number; code: string; version?: number }[];
  /** Force-send (orders issued to a third-party warehouse). */
  force?: boolean;
  /** After the sends (the list clears its selection, say). */
  onDone?: () => void;
  /** Opens the shipping feedback failures (tab 5 type=feedback). */
  onShowFailures?: () => void;
}

export function ShipActions({ selected, force = false, onDone, onShowFailures }: ShipActionsProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<OrderBatchResult | null>(null);
  const [records, setRecords] = useState<string[]>([]);
  const sendCall = useFeedbackMutation((run: () => Promise<OrderBatchResult>) => run());

  async function ship() {
    const ids = selected.map((o) => o.id);
    const versions = selected.filter((o) => o.version !== undefined).map((o) => ({ id: o.id, version: o.version! }));
    const keys: string[] = [];
    setProgress({ done: 0, total: ids.length });
    try {
      const merged = await sendCall.mutateAsync(() =>
        runInBatches(
          ids,
          ORDER_SEND_BATCH,
          async (idList) => {
            const input = { idList, versions: versions.filter((v) => idList.includes(v.id)) };
            const answer = await (force ? shippingApi.forceSend(input) : shippingApi.send(input));
            if (answer.recordKey) keys.push(answer.recordKey);
            return { successIds: answer.successIds, failures: answer.failures };
          },
          (done, total) => setProgress({ done, total }),
          (id, error) => ({ id, code: selected.find((o) => o.id === id)?.code ?? null, errorCode: 'ERR_BATCH_FAILED', message: commandErrorMessage(error), params: {} }),
        ),
      );
      // All shipped: a toast says so; a refusal opens the list of refused orders with the reasons.
      if (merged.failures.length) setResult(merged);
      else toast.success(t('ordercommands:result.allDone', { action: t('ordershipping:actions.ship'), count: merged.successIds.length }));
      setRecords((r) => [...r, ...keys]);
      onDone?.();
    } finally {
      setProgress(null);
    }
  }

  const closeRecord = useCallback(() => setRecords((r) => r.slice(1)), []);

  return (
    <>
      <Space>
        <Button type="primary" disabled={!selected.length} loading={!!progress} onClick={() => void ship()}>
          {force ? t('ordershipping:actions.forceShip') : t('ordershipping:actions.ship')}
        </Button>
      </Space>
      <FeedbackProgressNotice key={records[0] ?? 'none'} recordKey={records[0] ?? null} onClose={closeRecord} {...(onShowFailures ? { onShowFailures } : {})} />
      <Modal open={!!progress} title={t('ordershipping:progress.shipTitle')} footer={null} closable={false} maskClosable={false}>
        {progress && (
          <>
            <Progress percent={progress.total ? Math.round((progress.done / progress.total) * 100) : 0} />
            <div>{t('ordershipping:progress.shipBody', { done: progress.done, total: progress.total })}</div>
          </>
        )}
      </Modal>
      <BatchResultModal title={t('ordershipping:actions.shipResult')} result={result} onClose={() => setResult(null)} />
    </>
  );
}
