// Root account: feature domains (domainFuture) — a feature turned on for chosen domains first —
// with the change log of every addition, switch and removal.
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tabs, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DomainFeatureRow } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { adminApi } from '../api';
import { AdminLogTable } from './jobs-page';

const CODE = /^[A-Z][A-Z0-9_]{1,49}$/;

function AddModal({ initialCode, onClose }: { initialCode: string; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ featureCode: string; domainIdList: number[]; remark?: string }>();
  const code = Form.useWatch('featureCode', form) ?? initialCode;
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const candidates = useQuery({
    queryKey: ['admin-feature-candidates', code, keyword],
    queryFn: () => adminApi.domainsWithout({ featureCode: code, pageSize: 50, ...(keyword ? { keyword } : {}) }),
    enabled: CODE.test(code ?? ''),
  });
  const save = useMutation({
    mutationFn: (v: { featureCode: string; domainIdList: number[]; remark?: string }) => adminApi.createFeature({ ...v, ...(v.remark ? { remark: v.remark } : {}) }),
    onSuccess: (answer) => {
      toast.success(t('admin:features.added', { count: answer.count }));
      void client.invalidateQueries({ queryKey: ['admin-features'] });
      onClose();
    },
    onError: (e) => setError(e instanceof ApiError ? errorMessage(e) : String(e)),
  });
  return (
    <Modal
      open
      title={t('admin:features.addTitle')}
      onCancel={onClose}
      onOk={async () => save.mutate(await form.validateFields())}
      confirmLoading={save.isPending}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      maskClosable={false}
      width={560}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={{ featureCode: initialCode, domainIdList: [] }}>
        <Form.Item name="featureCode" label={t('admin:features.code')} extra={t('admin:features.codeRule')} rules={[{ required: true, message: t('admin:required') }, { pattern: CODE, message: t('admin:features.codeRule') }]}>
          <Input style={{ fontFamily: 'monospace' }} placeholder="NEW_PRINTING" />
        </Form.Item>
        <Form.Item name="domainIdList" label={t('admin:features.domains')} rules={[{ required: true, message: t('admin:required') }]}>
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            loading={candidates.isFetching}
            notFoundContent={CODE.test(code ?? '') ? t('admin:features.noCandidates') : t('admin:features.codeFirst')}
            options={(candidates.data?.voList ?? []).map((d) => ({ value: d.domainId, label: `${d.domainCode} · ${d.domainName ?? ''} (${t(`common:levels.${d.level}`, { defaultValue: d.level })})` }))}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('admin:features.remark')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function FeaturesTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, featureCode: '', keyword: '' });
  const filter = { currentPage: state.currentPage, pageSize: state.pageSize, ...(state.featureCode ? { featureCode: state.featureCode } : {}), ...(state.keyword ? { keyword: state.keyword } : {}) };
  const list = useQuery({ queryKey: ['admin-features', filter], queryFn: () => adminApi.features(filter), placeholderData: (p) => p });
  const [adding, setAdding] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin-features'] });
  const toggle = useMutation({ mutationFn: (r: DomainFeatureRow) => adminApi.updateFeature({ id: r.id, version: r.version, enabled: !r.enabled }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (id: number) => adminApi.deleteFeature([id]), onSuccess: refresh });
  return (
    <>
      <p style={{ marginTop: 0 }}>{t('admin:features.explain')}</p>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear defaultValue={state.featureCode} placeholder={t('admin:features.code')} onSearch={(k) => setState({ featureCode: k.trim().toUpperCase(), currentPage: 1 })} style={{ width: 240 }} />
        <Input.Search allowClear defaultValue={state.keyword} placeholder={t('admin:features.domainSearch')} onSearch={(k) => setState({ keyword: k.trim(), currentPage: 1 })} style={{ width: 240 }} />
        <Button type="primary" onClick={() => setAdding(state.featureCode)}>
          {t('admin:features.add')}
        </Button>
      </Space>
      <Table<DomainFeatureRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.voList ?? []}
        locale={{ emptyText: t('admin:features.empty') }}
        pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        columns={[
          { title: t('admin:features.code'), dataIndex: 'featureCode', width: 220, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          { title: t('admin:features.domain'), render: (_, r) => `${r.domainCode} · ${r.domainName ?? ''}` },
          {
            title: t('admin:features.enabled'),
            dataIndex: 'enabled',
            width: 110,
            render: (_, r) => <Switch size="small" checked={r.enabled} loading={toggle.isPending && toggle.variables?.id === r.id} onChange={() => toggle.mutate(r)} aria-label={t('admin:features.enabled')} />,
          },
          { title: t('admin:features.remark'), dataIndex: 'remark', render: (v: string | null) => v ?? '' },
          { title: t('admin:log.time'), dataIndex: 'updatedAt', width: 170, render: (v: string) => <DateTime value={v} /> },
          {
            title: t('common:actions.title'),
            width: 170,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setAdding(r.featureCode)}>
                  {t('admin:features.addDomains')}
                </Button>
                <Popconfirm title={t('admin:features.removeConfirm', { code: r.featureCode, domain: r.domainCode })} onConfirm={() => remove.mutate(r.id)}>
                  <Button type="link" size="small" danger>
                    {t('admin:features.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {adding !== null && <AddModal initialCode={adding} onClose={() => setAdding(null)} />}
    </>
  );
}

export default function FeaturesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('nav:routes.systemFeatures')} />
      <Card>
        <Tabs
          items={[
            { key: 'features', label: t('admin:tabs.features'), children: <FeaturesTab /> },
            { key: 'log', label: t('admin:tabs.log'), children: <AdminLogTable entityType="feature" /> },
          ]}
        />
      </Card>
    </>
  );
}

