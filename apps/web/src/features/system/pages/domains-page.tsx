// Root account: the seller domains, their editions, trials and expiry.
import { useState } from 'react';
import { Alert, Card, DatePicker, Form, Input, Modal, Select, Space, Switch, Table, Tag, Button } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DOMAIN_LEVELS, type DomainLevel, type DomainRow } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { fitHeaderWidths } from '../../../ui/header-fit';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { systemApi } from '../api';

interface EditValues {
  level: DomainLevel;
  trialLevel?: DomainLevel | null;
  trialExpireTime?: Dayjs | null;
  expireTime?: Dayjs | null;
  byStore: boolean;
}

export default function DomainsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, keyword: '', level: '' });
  const filter = { currentPage: state.currentPage, pageSize: state.pageSize, ...(state.keyword ? { keyword: state.keyword } : {}), ...(state.level ? { level: state.level as DomainLevel } : {}) };
  const list = useQuery({ queryKey: ['admin-domains', filter], queryFn: () => systemApi.searchDomains(filter), placeholderData: (p) => p });
  const [editing, setEditing] = useState<DomainRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<EditValues>();
  const save = useMutation({
    mutationFn: (values: EditValues) =>
      systemApi.updateDomain({
        id: editing!.id,
        version: editing!.version,
        level: values.level,
        trialLevel: values.trialLevel ?? null,
        trialExpireTime: values.trialExpireTime ? values.trialExpireTime.toISOString() : null,
        expireTime: values.expireTime ? values.expireTime.toISOString() : null,
        byStore: values.byStore,
      }),
    onSuccess: () => {
      toast.success(t('common:saved'));
      setEditing(null);
      void client.invalidateQueries({ queryKey: ['admin-domains'] });
    },
    onError: (e) => setError(e instanceof ApiError ? errorMessage(e) : String(e)),
  });

  const open = (row: DomainRow) => {
    setError(null);
    setEditing(row);
    form.setFieldsValue({
      level: row.level,
      trialLevel: row.trialLevel,
      trialExpireTime: row.trialExpireTime ? dayjs(row.trialExpireTime) : null,
      expireTime: row.expireTime ? dayjs(row.expireTime) : null,
      byStore: row.byStore,
    });
  };

  const levelOptions = DOMAIN_LEVELS.map((l) => ({ value: l, label: t(`common:levels.${l}`) }));
  return (
    <>
      <PageTitle title={t('nav:routes.systemDomains')} />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search allowClear defaultValue={state.keyword} placeholder={t('system:domains.search')} onSearch={(k) => setState({ keyword: k.trim(), currentPage: 1 })} style={{ width: 300 }} />
          <Select allowClear placeholder={t('system:domains.level')} value={state.level || undefined} options={levelOptions} style={{ width: 180 }} onChange={(v) => setState({ level: v ?? '', currentPage: 1 })} />
        </Space>
        <Table<DomainRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.voList ?? []}
          scroll={{ x: 1100 }}
          pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
          columns={fitHeaderWidths<DomainRow>([
            { title: t('system:domains.code'), dataIndex: 'domainCode', width: 110 },
            { title: t('system:domains.name'), dataIndex: 'name' },
            { title: t('system:domains.mainAccount'), dataIndex: 'mainLoginName', width: 160, render: (v: string | null) => v ?? '-' },
            { title: t('system:domains.level'), dataIndex: 'level', width: 140, render: (v: string) => <Tag color="gold">{t(`common:levels.${v}`)}</Tag> },
            {
              title: t('system:domains.trial'),
              width: 220,
              render: (_, r) =>
                r.trialLevel ? (
                  <Space size={4}>
                    <Tag color="blue">{t(`common:levels.${r.trialLevel}`)}</Tag>
                    <DateTime value={r.trialExpireTime} />
                  </Space>
                ) : (
                  '-'
                ),
            },
            { title: t('system:domains.expireTime'), width: 170, render: (_, r) => (r.byStore ? t('accounts:center.byStore') : <DateTime value={r.expireTime} />) },
            { title: t('system:domains.users'), dataIndex: 'userCount', width: 90 },
            { title: t('system:domains.createdAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => <DateTime value={v} /> },
            {
              title: t('common:actions.title'),
              width: 100,
              fixed: 'right',
              render: (_, r) => (
                <Button type="link" size="small" onClick={() => open(r)}>
                  {t('common:actions.edit')}
                </Button>
              ),
            },
          ])}
        />
      </Card>
      <Modal
        open={!!editing}
        title={editing ? t('system:domains.editTitle', { name: editing.name }) : ''}
        onCancel={() => setEditing(null)}
        onOk={async () => save.mutate(await form.validateFields())}
        confirmLoading={save.isPending}
        okText={t('common:actions.save')}
        cancelText={t('common:actions.cancel')}
        maskClosable={false}
        width={520}
      >
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical">
          <Form.Item name="level" label={t('system:domains.level')} rules={[{ required: true }]}>
            <Select options={levelOptions} />
          </Form.Item>
          <Form.Item name="trialLevel" label={t('system:domains.trialLevel')}>
            <Select allowClear options={levelOptions} />
          </Form.Item>
          <Form.Item name="trialExpireTime" label={t('system:domains.trialExpireTime')}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="expireTime" label={t('system:domains.expireTime')}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="byStore" label={t('system:domains.byStore')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
