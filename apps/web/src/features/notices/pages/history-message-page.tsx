// /historyMessage (spec 01 §2.1): the account's past messages, opened in a new tab from the
// messages list. A public route outside the layout, so it checks the sign-in itself.
import { Navigate } from 'react-router-dom';
import { Alert, Badge, Card, Input, Layout, Select, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTICE_TYPES, type HistoryNotice, type NoticeType } from '@openseller/core';
import { accessToken } from '../../../app/auth-store';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { noticeKeys, noticesApi } from '../api';
import { NoticeHtml } from '../components/notice-html';

export default function HistoryMessagePage() {
  if (!accessToken()) return <Navigate to={`/login?from=${encodeURIComponent('/historyMessage')}`} replace />;
  return <HistoryMessages />;
}

function HistoryMessages() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, keyword: '', type: '' });
  const filter = {
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.type ? { type: state.type as NoticeType } : {}),
  };
  const list = useQuery({ queryKey: noticeKeys.history(filter), queryFn: () => noticesApi.history(filter), placeholderData: (p) => p });
  // Opening a message reads it (news at once; a board or directional message is read here too:
  // its modal is the expanded row, and the account has now seen it).
  const read = useMutation({
    mutationFn: (id: number) => noticesApi.read(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Content style={{ maxWidth: 1100, width: '100%', margin: '0 auto', padding: 24 }}>
        <Typography.Title level={2}>{t('nav:routes.historyMessage')}</Typography.Title>
        <Card>
          <Space wrap style={{ marginBottom: 16 }}>
            <Input.Search allowClear defaultValue={state.keyword} placeholder={t('notices:fields.title')} aria-label={t('notices:fields.title')} onSearch={(v) => setState({ keyword: v.trim(), currentPage: 1 })} style={{ width: 260 }} />
            <Select
              allowClear
              aria-label={t('notices:fields.type')}
              placeholder={t('notices:fields.type')}
              value={state.type || undefined}
              onChange={(v) => setState({ type: v ?? '', currentPage: 1 })}
              options={NOTICE_TYPES.map((v) => ({ value: v, label: t(`notices:types.${v}`) }))}
              style={{ width: 160 }}
            />
          </Space>
          {list.isError && <Alert type="error" showIcon message={t('notices:history.loadFailed')} style={{ marginBottom: 16 }} />}
          <Table<HistoryNotice>
            rowKey="id"
            loading={list.isFetching && !list.data}
            dataSource={list.data?.voList ?? []}
            locale={{ emptyText: t('notices:history.empty') }}
            pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
            expandable={{
              expandRowByClick: true,
              expandedRowRender: (row) => <NoticeHtml html={row.content} />,
              onExpand: (expanded, row) => {
                if (expanded && row.unread) read.mutate(row.id);
              },
            }}
            columns={[
              {
                title: t('notices:fields.title'),
                dataIndex: 'title',
                render: (v: string, r) => (
                  <Space>
                    {r.unread && <Badge status="error" aria-label={t('notices:messages.unread')} />}
                    <Typography.Text strong={r.unread}>{v}</Typography.Text>
                  </Space>
                ),
              },
              { title: t('notices:fields.type'), dataIndex: 'type', width: 120, render: (v: NoticeType) => <Tag>{t(`notices:types.${v}`)}</Tag> },
              { title: t('notices:fields.playStartTime'), dataIndex: 'playStartTime', width: 170, render: (v: string) => <DateTime value={v} /> },
              { title: t('notices:fields.readTime'), dataIndex: 'readTime', width: 170, render: (v: string | null) => (v ? <DateTime value={v} /> : <Tag color="red">{t('notices:messages.unread')}</Tag>) },
            ]}
          />
        </Card>
      </Layout.Content>
    </Layout>
  );
}
