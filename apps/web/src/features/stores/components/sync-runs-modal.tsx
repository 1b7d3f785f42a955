// The goods sync runs of a store, newest first: when, who asked, what it did or why it failed.
import { useState } from 'react';
import { Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StoreRow, SyncRunRow } from '@openseller/core';
import { DateTime } from '../../../ui/relative-time';
import { useSyncRuns } from '../queries';
import { SyncRunTag, syncErrorText } from './store-tags';

export function SyncRunsModal({ store, onClose }: { store: StoreRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useSyncRuns(store?.id ?? null, page);
  return (
    <Modal open={!!store} title={t('stores:sync.historyTitle', { name: store?.name ?? '' })} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      <Table<SyncRunRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.voList ?? []}
        pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('stores:sync.requestedAt'), dataIndex: 'createdAt', width: 150, render: (v: string) => <DateTime value={v} /> },
          { title: t('stores:sync.status'), width: 100, render: (_, run) => <SyncRunTag run={run} /> },
          { title: t('stores:sync.requestedBy'), dataIndex: 'requestedBy', width: 110 },
          { title: t('stores:sync.items'), dataIndex: 'itemCount', width: 80 },
          { title: t('stores:sync.created'), render: (_, r) => `${r.itemsCreated} / ${r.skusCreated}`, width: 110 },
          { title: t('stores:sync.updated'), render: (_, r) => `${r.itemsUpdated} / ${r.skusUpdated}`, width: 110 },
          { title: t('stores:sync.attempts'), dataIndex: 'attempts', width: 80 },
          {
            title: t('stores:sync.error'),
            render: (_, run) => (run.status === 'FAILED' ? <Typography.Text type="danger">{syncErrorText(t, run)}</Typography.Text> : '-'),
          },
        ]}
      />
    </Modal>
  );
}
