// Root account: every SMS the default sender wrote instead of sending (codes for sign-up,
// password reset, phone binding and sign-in by SMS).
import { Card, Input, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SmsOutboxRow } from '@openseller/core';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { systemApi } from '../api';

export default function SmsOutboxPage() {
  const { t } = useTranslation();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, mobile: '' });
  const filter = { currentPage: state.currentPage, pageSize: state.pageSize, ...(state.mobile ? { mobile: state.mobile } : {}) };
  const list = useQuery({ queryKey: ['sms-outbox', filter], queryFn: () => systemApi.searchSmsOutbox(filter), placeholderData: (p) => p, refetchInterval: 10_000 });
  return (
    <>
      <PageTitle title={t('nav:routes.smsOutbox')} />
      <Card>
        <p style={{ marginTop: 0 }}>{t('system:sms.explain')}</p>
        <Input.Search allowClear defaultValue={state.mobile} placeholder={t('auth:mobile')} onSearch={(m) => setState({ mobile: m.trim(), currentPage: 1 })} style={{ width: 260, marginBottom: 16 }} />
        <Table<SmsOutboxRow>
          rowKey="id"
          loading={list.isFetching && !list.data}
          dataSource={list.data?.voList ?? []}
          pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
          columns={[
            { title: t('system:sms.time'), dataIndex: 'createdAt', width: 170, render: (v: string) => <DateTime value={v} /> },
            { title: t('auth:mobile'), dataIndex: 'mobile', width: 140 },
            { title: t('system:sms.purpose'), dataIndex: 'purpose', width: 160, render: (v: string) => <Tag>{t(`system:sms.purposes.${v}`, { defaultValue: v })}</Tag> },
            { title: t('system:sms.content'), dataIndex: 'content' },
            { title: t('system:sms.sender'), dataIndex: 'sender', width: 100 },
          ]}
        />
      </Card>
    </>
  );
}
