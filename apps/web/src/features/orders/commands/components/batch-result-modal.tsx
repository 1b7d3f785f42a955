// The result of a batch command: how many orders went through, and each refused order with its
// reason (spec 02 §8: per-batch failures merged).
import { Alert, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderBatchResult, OrderFailure } from '@openseller/core';
import { failureText } from '../queries';

export function BatchResultModal({ title, result, onClose }: { title: string; result: OrderBatchResult | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={!!result} title={title} onCancel={onClose} onOk={onClose} cancelButtonProps={{ style: { display: 'none' } }} okText={t('ordercommands:result.close')} width={720} destroyOnHidden>
      {result && (
        <>
          <Alert
            type={result.failures.length ? 'warning' : 'success'}
            showIcon
            style={{ marginBottom: 12 }}
            title={t('ordercommands:result.summary', { success: result.successIds.length, failed: result.failures.length })}
          />
          {result.failures.length > 0 && (
            <Table<OrderFailure>
              rowKey="id"
              size="small"
              pagination={result.failures.length > 10 ? { pageSize: 10 } : false}
              dataSource={result.failures}
              columns={[
                { title: t('ordercommands:result.order'), width: 200, render: (_, f) => f.code ?? `#${f.id}` },
                { title: t('ordercommands:result.reason'), render: (_, f) => failureText(f) },
              ]}
            />
          )}
        </>
      )}
    </Modal>
  );
}
