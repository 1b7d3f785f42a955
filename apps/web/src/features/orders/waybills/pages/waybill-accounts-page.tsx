// Electronic waybill accounts (/config/accounts, menu MENU_ETRACK_ACCOUNT): the accounts per
// platform print code and carrier, one default per carrier, a "Sandbox carrier" tag on accounts
// the sandbox carrier serves, the sandbox carrier's console (latency, fail the next calls), and the
// shares of accounts to other domains and from them (components/account-shares.tsx).
import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PLATFORM_PRINT_CODES, waybillConnectorOf, type WaybillAccountRow } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { FilterBar } from '../../../../ui/filter-bar';
import { PageTitle } from '../../../../ui/page-title';
import { tablePagination } from '../../../../ui/pagination';
import { useListState } from '../../../../ui/use-list-state';
import { ExpressCompanySelect } from '../../../express/components/express-company-select';
import { sandboxCarrierApi, waybillAccountsApi } from '../api';
import { AccountFormDrawer } from '../components/account-form-drawer';
import { AccountShares } from '../components/account-shares';
import { ConnectorTag } from '../components/connector-tag';
import { useSandboxCarrier, useWaybillAccounts, useWaybillMutation, waybillErrorMessage } from '../queries';

const DEFAULTS = { currentPage: 1, pageSize: 10, keyword: '', printCode: '', expressCompanyCode: '' };

function SandboxCarrierCard() {
  const { t } = useTranslation();
  const { data } = useSandboxCarrier();
  const [latency, setLatency] = useState<number | null>(null);
  const [count, setCount] = useState<number>(1);
  const settings = useWaybillMutation(sandboxCarrierApi.settings);
  const failNext = useWaybillMutation(sandboxCarrierApi.failNext);
  const onError = (e: unknown) => toast.error(waybillErrorMessage(e));
  return (
    <Card size="small" title={<Tag color="purple">{t('waybills:sandbox.tag')}</Tag>} style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{t('waybills:sandbox.help')}</Typography.Paragraph>
      <Space wrap>
        <span>{t('waybills:sandbox.latency')}</span>
        <InputNumber min={0} max={30000} value={latency ?? data?.latencyMs ?? 0} onChange={(v) => setLatency(v ?? 0)} suffix="ms" />
        <Button loading={settings.isPending} onClick={() => settings.mutate({ latencyMs: latency ?? data?.latencyMs ?? 0 }, { onSuccess: () => toast.success(t('waybills:sandbox.saved')), onError })}>
          {t('common:actions.save')}
        </Button>
        <span>{t('waybills:sandbox.failNext')}</span>
        <InputNumber min={0} max={100} value={count} onChange={(v) => setCount(v ?? 0)} />
        <Button danger loading={failNext.isPending} onClick={() => failNext.mutate(count, { onSuccess: () => toast.success(t('waybills:sandbox.saved')), onError })}>
          {t('waybills:sandbox.failNextButton')}
        </Button>
        {data && <Typography.Text type="secondary">{t('waybills:sandbox.state', { failNext: data.failNext, issued: data.issued })}</Typography.Text>}
      </Space>
    </Card>
  );
}

export default function WaybillAccountsPage() {
  const { t } = useTranslation();
  const [state, setState] = useListState(DEFAULTS);
  const filter = {
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.printCode ? { printCode: state.printCode as WaybillAccountRow['printCode'] } : {}),
    ...(state.expressCompanyCode ? { expressCompanyCode: state.expressCompanyCode } : {}),
  };
  const { data, isFetching, error } = useWaybillAccounts(filter);
  const [editing, setEditing] = useState<{ account: WaybillAccountRow | null } | null>(null);
  const remove = useWaybillMutation(waybillAccountsApi.remove);

  const columns: ColumnsType<WaybillAccountRow> = [
    {
      title: t('waybills:fields.name'),
      dataIndex: 'name',
      key: 'name',
      render: (v, r) => (
        <Space size={4}>
          {v}
          <ConnectorTag connector={waybillConnectorOf(r)} />
          {r.isDefault && <Tag color="green">{t('waybills:fields.isDefault')}</Tag>}
        </Space>
      ),
    },
    { title: t('waybills:fields.printCode'), dataIndex: 'printCode', key: 'printCode', render: (v) => t(`waybills:printCodes.${v}`) },
    { title: t('waybills:fields.expressCompanyCode'), dataIndex: 'expressCompanyCode', key: 'carrier', render: (v) => <Tag color="blue">{v}</Tag> },
    {
      title: t('waybills:accounts.details'),
      key: 'fields',
      render: (_, r) =>
        Object.entries(r.fields)
          .map(([k, v]) => `${t(`waybills:fields.${k}`)}: ${v}`)
          .join('；'),
    },
    { title: t('waybills:accounts.used'), dataIndex: 'usedCount', key: 'used', width: 100 },
    {
      title: t('common:actions.title'),
      key: 'actions',
      width: 150,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ account: r })}>
            {t('common:actions.edit')}
          </Button>
          <Popconfirm
            title={t('waybills:accounts.deleteConfirm')}
            onConfirm={() => remove.mutate([r.id], { onSuccess: () => toast.success(t('waybills:accounts.deleted')), onError: (e) => toast.error(waybillErrorMessage(e)) })}
          >
            <Button type="link" size="small" danger>
              {t('common:actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <PageTitle
        title={t('waybills:accounts.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ account: null })}>
            {t('waybills:accounts.create')}
          </Button>
        }
      />
      <SandboxCarrierCard />
      <FilterBar<{ keyword?: string; printCode?: string; expressCompanyCode?: string }>
        initialValues={{ keyword: state.keyword, printCode: state.printCode || undefined, expressCompanyCode: state.expressCompanyCode || undefined }}
        onSearch={(v) => setState({ keyword: v.keyword ?? '', printCode: v.printCode ?? '', expressCompanyCode: v.expressCompanyCode ?? '', currentPage: 1 })}
        onReset={() => setState(DEFAULTS)}
      >
        <Form.Item name="keyword" label={t('waybills:fields.name')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="printCode" label={t('waybills:fields.printCode')}>
          <Select allowClear style={{ width: 160 }} options={PLATFORM_PRINT_CODES.map((c) => ({ value: c, label: t(`waybills:printCodes.${c}`) }))} />
        </Form.Item>
        <Form.Item name="expressCompanyCode" label={t('waybills:fields.expressCompanyCode')}>
          <ExpressCompanySelect valueField="code" allowClear style={{ width: 180 }} />
        </Form.Item>
      </FilterBar>
      <Card size="small">
        {error && <Alert type="error" showIcon title={waybillErrorMessage(error)} style={{ marginBottom: 12 }} />}
        <Table<WaybillAccountRow>
          rowKey="id"
          size="small"
          loading={isFetching}
          columns={columns}
          dataSource={data?.voList ?? []}
          pagination={tablePagination(state.currentPage, state.pageSize, data?.total ?? 0, (currentPage, pageSize) => setState({ currentPage, pageSize }))}
          locale={{ emptyText: <Empty description={t('waybills:accounts.empty')} /> }}
        />
      </Card>
      <AccountShares />
      <AccountFormDrawer open={!!editing} account={editing?.account ?? null} onClose={() => setEditing(null)} />
    </div>
  );
}
