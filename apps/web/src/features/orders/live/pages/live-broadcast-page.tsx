// Live broadcast orders (/order/liveBroadcastManagement): the live sessions of each store with the
// orders paid while they were on air (those orders carry the session: erpSoLiveList), and the
// anchors who present them.
import { useState } from 'react';
import { Button, Card, DatePicker, Empty, Input, Popconfirm, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatMoney, type LiveRow } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { PageTitle } from '../../../../ui/page-title';
import { tablePagination } from '../../../../ui/pagination';
import { DateTime } from '../../../../ui/relative-time';
import { useListState } from '../../../../ui/use-list-state';
import { StoreSelect } from '../../../stores/components/store-select';
import { liveApi } from '../api';
import { AnchorsTab } from '../anchors-tab';
import { LiveModal } from '../live-modal';
import { useAnchors, useLiveList, useLiveMutation } from '../queries';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

function SessionsTab() {
  const { t } = useTranslation();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 20, liveName: '', storeId: 0, anchorId: 0, enabled: '', from: '', to: '' });
  const { data, isFetching } = useLiveList({
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.liveName ? { liveName: state.liveName } : {}),
    ...(state.storeId ? { storeId: state.storeId } : {}),
    ...(state.anchorId ? { anchorId: state.anchorId } : {}),
    ...(state.enabled ? { enabled: state.enabled === 'true' } : {}),
    ...(state.from ? { startTime: state.from } : {}),
    ...(state.to ? { endTime: state.to } : {}),
  });
  const anchors = useAnchors(true);
  const [editing, setEditing] = useState<LiveRow | 'new' | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const remove = useLiveMutation((ids: number[]) => liveApi.remove(ids));
  const setEnabled = useLiveMutation(({ ids, enabled }: { ids: number[]; enabled: boolean }) => liveApi.setEnabled(ids, enabled));
  const filtered = !!(state.liveName || state.storeId || state.anchorId || state.enabled || state.from || state.to);

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            defaultValue={state.liveName}
            placeholder={t('live:fields.liveName')}
            aria-label={t('live:fields.liveName')}
            onSearch={(v) => setState({ liveName: v.trim(), currentPage: 1 })}
            style={{ width: 200 }}
          />
          <StoreSelect allowClear placeholder={t('live:fields.store')} aria-label={t('live:fields.store')} value={state.storeId || undefined} onChange={(v) => setState({ storeId: (v as number | undefined) ?? 0, currentPage: 1 })} />
          <Select
            allowClear
            placeholder={t('live:fields.anchor')}
            aria-label={t('live:fields.anchor')}
            style={{ width: 160 }}
            value={state.anchorId || undefined}
            options={(anchors.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
            onChange={(v?: number) => setState({ anchorId: v ?? 0, currentPage: 1 })}
          />
          <Select
            allowClear
            placeholder={t('live:fields.status')}
            aria-label={t('live:fields.status')}
            style={{ width: 120 }}
            value={state.enabled || undefined}
            options={[
              { value: 'true', label: t('live:status.enabled') },
              { value: 'false', label: t('live:status.disabled') },
            ]}
            onChange={(v?: string) => setState({ enabled: v ?? '', currentPage: 1 })}
          />
          <DatePicker.RangePicker
            aria-label={t('live:fields.onAir')}
            value={state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null}
            onChange={(range) => setState({ from: range?.[0]?.startOf('day').format(FORMAT) ?? '', to: range?.[1]?.endOf('day').format(FORMAT) ?? '', currentPage: 1 })}
          />
        </Space>
        <Space wrap>
          <Button disabled={!selected.length} onClick={() => setEnabled.mutate({ ids: selected, enabled: false }, { onSuccess: (r) => toast.success(t('live:list.disabledMany', { count: r.changed })) })}>
            {t('live:list.disableSelected', { count: selected.length })}
          </Button>
          <Popconfirm
            title={t('live:list.confirmDeleteMany', { count: selected.length })}
            okText={t('common:actions.ok')}
            cancelText={t('common:actions.cancel')}
            disabled={!selected.length}
            onConfirm={() =>
              remove.mutate(selected, {
                onSuccess: (r) => {
                  toast.success(t('live:list.deleted', { count: r.deleted }));
                  setSelected([]);
                },
              })
            }
          >
            <Button danger disabled={!selected.length}>
              {t('live:list.deleteSelected', { count: selected.length })}
            </Button>
          </Popconfirm>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('live:list.add')}
          </Button>
        </Space>
      </Space>
      <Table<LiveRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.voList ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{
          emptyText: (
            <Empty description={filtered ? t('live:list.noMatch') : t('live:list.empty')}>
              {!filtered && (
                <Button type="primary" onClick={() => setEditing('new')}>
                  {t('live:list.add')}
                </Button>
              )}
            </Empty>
          ),
        }}
        pagination={tablePagination(state.currentPage, state.pageSize, data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        columns={[
          { title: t('live:fields.liveName'), dataIndex: 'liveName', width: 200, render: (v: string, r) => (r.enabled ? <Typography.Text strong>{v}</Typography.Text> : <Typography.Text type="secondary">{v}</Typography.Text>) },
          { title: t('live:fields.store'), dataIndex: 'storeName', width: 180, render: (v: string | null) => v ?? '-' },
          { title: t('live:fields.anchor'), dataIndex: 'anchormanName', width: 120, render: (v: string | null) => v ?? '-' },
          {
            title: t('live:fields.onAir'),
            key: 'onAir',
            width: 300,
            render: (_, r) => (
              <Space size={4}>
                <DateTime value={r.startTime} />
                <span>→</span>
                <DateTime value={r.endTime} />
              </Space>
            ),
          },
          { title: t('live:fields.orderCount'), dataIndex: 'orderCount', width: 100, align: 'right' },
          { title: t('live:fields.orderAmount'), dataIndex: 'orderAmount', width: 130, align: 'right', render: (v: string) => formatMoney(v) },
          { title: t('live:fields.status'), dataIndex: 'enabled', width: 90, render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('live:status.enabled') : t('live:status.disabled')}</Tag> },
          { title: t('live:fields.remark'), dataIndex: 'remark', ellipsis: true, render: (v: string | null) => v || '-' },
          {
            key: 'actions',
            title: t('common:actions.title'),
            width: 200,
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  {t('common:actions.edit')}
                </Button>
                <Button type="link" size="small" onClick={() => setEnabled.mutate({ ids: [r.id], enabled: !r.enabled })}>
                  {r.enabled ? t('live:list.disable') : t('live:list.enable')}
                </Button>
                <Popconfirm title={t('live:list.confirmDelete', { name: r.liveName })} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')} onConfirm={() => remove.mutate([r.id])}>
                  <Button type="link" size="small" danger>
                    {t('common:actions.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <LiveModal live={editing} onClose={() => setEditing(null)} />
    </>
  );
}

export default function LiveBroadcastPage() {
  const { t } = useTranslation();
  const [state, setState] = useListState({ tab: 'sessions' });
  return (
    <>
      <PageTitle title={t('nav:routes.liveBroadcast')} />
      <Card>
        <Typography.Paragraph type="secondary">{t('live:intro')}</Typography.Paragraph>
        <Tabs
          activeKey={state.tab}
          onChange={(tab) => setState({ tab })}
          items={[
            { key: 'sessions', label: t('live:list.tab'), children: <SessionsTab /> },
            { key: 'anchors', label: t('live:anchors.tab'), children: <AnchorsTab /> },
          ]}
        />
      </Card>
    </>
  );
}
