// The download centre: every export of this account, with its state, and the file to download.
import { Button, Card, DatePicker, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { exportNoticeKey, exportsApi, type ExportFileRow } from '../api';
import { useDownload } from '../download-panel';

const STATUS_COLORS = { REQUEST: 'processing', SENDING: 'processing', SUCCESS: 'success', FAILURE: 'error' } as const;

export default function DownloadCenterPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const download = useDownload();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, from: '', to: '', unread: '' });
  const filter = {
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.from ? { exportStartTime: state.from } : {}),
    ...(state.to ? { exportEndTime: state.to } : {}),
    ...(state.unread ? { unread: state.unread === 'true' } : {}),
  };
  const list = useQuery({
    queryKey: ['exports', filter],
    queryFn: () => exportsApi.search(filter),
    placeholderData: (p) => p,
    refetchInterval: (q) => (q.state.data?.voList.some((f) => f.processStatus === 'REQUEST' || f.processStatus === 'SENDING') ? 2000 : false),
  });
  return (
    <>
      <PageTitle title={t('nav:routes.downloadCenter')} />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <DatePicker.RangePicker
            onChange={(range) => {
              const r = range as [Dayjs, Dayjs] | null;
              setState({ currentPage: 1, from: r ? r[0].startOf('day').format('YYYY-MM-DD HH:mm:ss') : '', to: r ? r[1].endOf('day').format('YYYY-MM-DD HH:mm:ss') : '' });
            }}
          />
          <Select
            allowClear
            placeholder={t('common:downloads.readState')}
            style={{ width: 160 }}
            value={state.unread || undefined}
            onChange={(v) => setState({ unread: v ?? '', currentPage: 1 })}
            options={[
              { value: 'true', label: t('common:downloads.unread') },
              { value: 'false', label: t('common:downloads.read') },
            ]}
          />
        </Space>
        <Table<ExportFileRow>
          rowKey="id"
          loading={list.isFetching && !list.data}
          dataSource={list.data?.voList ?? []}
          pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
          columns={[
            { title: t('common:downloads.fileTitle'), dataIndex: 'title', render: (v: string, f) => (f.unread ? <strong>{v}</strong> : v) },
            { title: t('common:downloads.rows'), dataIndex: 'rowCount', width: 110, render: (v: number | null) => v ?? '-' },
            {
              title: t('common:downloads.state'),
              dataIndex: 'processStatus',
              width: 150,
              render: (v: ExportFileRow['processStatus'], f) => {
                const notice = exportNoticeKey(f);
                const tag = <Tag color={STATUS_COLORS[v]}>{t(`common:downloads.status.${v}`)}</Tag>;
                if (v === 'FAILURE') return <Tooltip title={notice ? t(notice) : f.errorMessage}>{tag}</Tooltip>;
                return notice ? (
                  <Space direction="vertical" size={0}>
                    {tag}
                    <Typography.Text type="warning">{t(notice)}</Typography.Text>
                  </Space>
                ) : (
                  tag
                );
              },
            },
            { title: t('common:downloads.requestedAt'), dataIndex: 'createTime', width: 170, render: (v: string) => <DateTime value={v} /> },
            {
              title: t('common:actions.title'),
              width: 180,
              render: (_, f) => (
                <Space size={0}>
                  <Button type="link" size="small" disabled={f.processStatus !== 'SUCCESS'} onClick={() => void download(f).then(() => client.invalidateQueries({ queryKey: ['exports'] }))}>
                    {t('common:downloads.download')}
                  </Button>
                  {f.platformFileCount > 0 && (
                    <Button type="link" size="small" disabled={f.processStatus !== 'SUCCESS'} onClick={() => void exportsApi.downloadPlatformFile(f).catch((e: unknown) => toast.error(e instanceof Error ? e.message : String(e)))}>
                      {t('common:downloads.platformFile')}
                    </Button>
                  )}
                  <Popconfirm
                    title={t('common:downloads.confirmDelete')}
                    okText={t('common:actions.ok')}
                    cancelText={t('common:actions.cancel')}
                    onConfirm={async () => {
                      await exportsApi.remove(f.id);
                      toast.success(t('common:downloads.deleted'));
                      void client.invalidateQueries({ queryKey: ['exports'] });
                    }}
                  >
                    <Button type="link" size="small" danger>
                      {t('common:actions.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
