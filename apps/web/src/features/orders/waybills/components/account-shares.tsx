// Shares of waybill accounts to other domains (spec 02 §4.2 "Carrier account share": start, stop,
// delete; §7.13 updateShareNumber): my shares (create with the other domain's code and a count,
// change the count, start/stop/delete, the remaining count, the share print log) and the accounts
// other domains share to mine (read-only).
import { useState } from 'react';
import { Button, Card, Drawer, Empty, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime, WAYBILL_SHARE_MAX_COUNT, type WaybillShareCreate, type WaybillShareLogRow, type WaybillShareRow } from '@openseller/core';
import { ApiError } from '../../../../app/request';
import { toast } from '../../../../app/toast';
import { tablePagination } from '../../../../ui/pagination';
import { applyServerFieldErrors } from '../../../accounts/components/form-errors';
import { waybillSharesApi } from '../api';
import { useWaybillAccounts, useWaybillMutation, useWaybillShareLog, useWaybillShares, waybillErrorMessage } from '../queries';

function ShareLogDrawer({ share, onClose }: { share: WaybillShareRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const { data, isFetching } = useWaybillShareLog(share?.id ?? null, page.currentPage, page.pageSize);
  const columns: ColumnsType<WaybillShareLogRow> = [
    { title: t('waybills:shares.orderCode'), dataIndex: 'orderCode', key: 'order' },
    { title: t('waybills:fields.expressCompanyCode'), dataIndex: 'expressCompanyCode', key: 'carrier', width: 110 },
    { title: t('waybills:shares.expressNo'), dataIndex: 'expressNo', key: 'no' },
    { title: t('waybills:shares.takenBy'), key: 'taker', render: (_, r) => `${r.takerDomainName} (${r.takerDomainCode})` },
    { title: t('waybills:shares.takenAt'), dataIndex: 'createdAt', key: 'at', render: (v: string) => formatDateTime(v) },
  ];
  return (
    <Drawer open={!!share} onClose={onClose} size="large" title={t('waybills:shares.logTitle', { name: share?.accountName ?? '' })} destroyOnHidden>
      <Table<WaybillShareLogRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        columns={columns}
        dataSource={data?.voList ?? []}
        pagination={tablePagination(page.currentPage, page.pageSize, data?.total ?? 0, (currentPage, pageSize) => setPage({ currentPage, pageSize }))}
        locale={{ emptyText: <Empty description={t('waybills:shares.logEmpty')} /> }}
      />
    </Drawer>
  );
}

function CreateShareModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WaybillShareCreate>();
  const accounts = useWaybillAccounts({ currentPage: 1, pageSize: 200 });
  const create = useWaybillMutation(waybillSharesApi.create);
  return (
    <Modal
      open={open}
      title={t('waybills:shares.create')}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      onOk={() =>
        void form.validateFields().then((v) =>
          create.mutate(v, {
            onSuccess: () => {
              toast.success(t('waybills:shares.saved'));
              onClose();
            },
            onError: (e) => toast.error(waybillErrorMessage(e)),
          }),
        )
      }
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="accountId" label={t('waybills:shares.account')} rules={[{ required: true, message: t('waybills:shares.accountRequired') }]}>
          <Select
            loading={accounts.isFetching}
            options={(accounts.data?.voList ?? []).map((a) => ({ value: a.id, label: `${a.name} · ${a.expressCompanyCode} · ${t(`waybills:printCodes.${a.printCode}`)}` }))}
          />
        </Form.Item>
        <Form.Item name="domainCode" label={t('waybills:shares.domainCode')} extra={t('waybills:shares.domainCodeHelp')} rules={[{ required: true, whitespace: true, message: t('waybills:shares.domainCodeRequired') }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="count" label={t('waybills:shares.count')} rules={[{ required: true, message: t('waybills:shares.countRequired') }]}>
          <InputNumber min={1} max={WAYBILL_SHARE_MAX_COUNT} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The count of one of my shares; never below what was already taken through it. */
function ShareCountModal({ share: opened, onClose }: { share: WaybillShareRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  // The last share opened stays shown while the modal closes.
  const [share, setShare] = useState(opened);
  if (opened && opened !== share) setShare(opened);
  const [form] = Form.useForm<{ count: number }>();
  const update = useWaybillMutation(waybillSharesApi.updateNumber);
  const count = Form.useWatch('count', form);
  const used = share?.usedNum ?? 0;
  const remainAfter = typeof count === 'number' ? Math.max(count - used, 0) : null;
  return (
    <Modal
      open={!!opened}
      title={t('waybills:shares.changeCountTitle', { name: share?.accountName ?? '' })}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
      onOk={() =>
        void form.validateFields().then((v) =>
          update.mutate(
            { id: share!.id, version: share!.version, count: v.count },
            {
              onSuccess: () => {
                toast.success(t('waybills:shares.countSaved'));
                onClose();
              },
              onError: (e) => {
                if (!(e instanceof ApiError && applyServerFieldErrors(form, e))) toast.error(waybillErrorMessage(e));
              },
            },
          ),
        )
      }
    >
      {share && (
        <Form form={form} layout="vertical" preserve={false} initialValues={{ count: share.count }}>
          <Typography.Paragraph type="secondary">{t('waybills:shares.countNow', { total: share.count, used: share.usedNum, remain: share.remainNum })}</Typography.Paragraph>
          <Form.Item
            name="count"
            label={t('waybills:shares.count')}
            extra={remainAfter === null ? t('waybills:shares.countMinHelp', { used }) : t('waybills:shares.countAfter', { remain: remainAfter, used })}
            rules={[
              { required: true, message: t('waybills:shares.countRequired') },
              { type: 'number', min: Math.max(used, 1), message: t('waybills:shares.countMin', { min: Math.max(used, 1) }) },
            ]}
          >
            <InputNumber min={Math.max(used, 1)} max={WAYBILL_SHARE_MAX_COUNT} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

export function AccountShares() {
  const { t } = useTranslation();
  const { data, isFetching } = useWaybillShares();
  const [creating, setCreating] = useState(false);
  const [logOf, setLogOf] = useState<WaybillShareRow | null>(null);
  const [countOf, setCountOf] = useState<WaybillShareRow | null>(null);
  const start = useWaybillMutation(waybillSharesApi.start);
  const stop = useWaybillMutation(waybillSharesApi.stop);
  const remove = useWaybillMutation(waybillSharesApi.remove);
  const onError = (e: unknown) => toast.error(waybillErrorMessage(e));

  const status = (r: WaybillShareRow) =>
    r.status === 'STARTED' ? <Tag color="green">{t('waybills:shares.started')}</Tag> : <Tag>{t('waybills:shares.stopped')}</Tag>;
  const account = (r: WaybillShareRow) => (
    <Space size={4}>
      {r.accountName}
      <Tag color="blue">{r.expressCompanyCode}</Tag>
    </Space>
  );
  const counts: ColumnsType<WaybillShareRow> = [
    { title: t('waybills:shares.count'), dataIndex: 'count', key: 'count', width: 90 },
    { title: t('waybills:shares.used'), dataIndex: 'usedNum', key: 'used', width: 90 },
    { title: t('waybills:shares.remain'), dataIndex: 'remainNum', key: 'remain', width: 90, render: (v: number) => <Typography.Text type={v > 0 ? undefined : 'danger'}>{v}</Typography.Text> },
    { title: t('waybills:shares.status'), key: 'status', width: 90, render: (_, r) => status(r) },
  ];
  const mine: ColumnsType<WaybillShareRow> = [
    { title: t('waybills:shares.account'), key: 'account', render: (_, r) => account(r) },
    { title: t('waybills:shares.beneficiary'), key: 'to', render: (_, r) => `${r.beneficiaryDomainName} (${r.beneficiaryDomainCode})` },
    ...counts,
    {
      title: t('common:actions.title'),
      key: 'actions',
      width: 300,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setCountOf(r)}>
            {t('waybills:shares.changeCount')}
          </Button>
          {r.status === 'STARTED' ? (
            <Button type="link" size="small" onClick={() => stop.mutate(r.id, { onSuccess: () => toast.success(t('waybills:shares.stoppedDone')), onError })}>
              {t('waybills:shares.stop')}
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => start.mutate(r.id, { onSuccess: () => toast.success(t('waybills:shares.startedDone')), onError })}>
              {t('waybills:shares.start')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setLogOf(r)}>
            {t('waybills:shares.log')}
          </Button>
          <Popconfirm title={t('waybills:shares.deleteConfirm')} onConfirm={() => remove.mutate(r.id, { onSuccess: () => toast.success(t('waybills:shares.deleted')), onError })}>
            <Button type="link" size="small" danger disabled={r.usedNum > 0} title={r.usedNum > 0 ? t('waybills:shares.deleteUsed') : undefined}>
              {t('common:actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const toMe: ColumnsType<WaybillShareRow> = [
    {
      title: t('waybills:shares.account'),
      key: 'account',
      render: (_, r) => (
        <Space size={4}>
          {account(r)}
          <Tag color="orange">{t('waybills:shares.sharedTag')}</Tag>
        </Space>
      ),
    },
    { title: t('waybills:fields.printCode'), dataIndex: 'printCode', key: 'printCode', render: (v) => t(`waybills:printCodes.${v}`) },
    { title: t('waybills:shares.owner'), key: 'from', render: (_, r) => `${r.ownerDomainName} (${r.ownerDomainCode})` },
    ...counts,
  ];

  return (
    <Card size="small" title={t('waybills:shares.title')} style={{ marginTop: 16 }}>
      <Tabs
        items={[
          {
            key: 'mine',
            label: t('waybills:shares.mine'),
            children: (
              <>
                <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => setCreating(true)}>
                  {t('waybills:shares.create')}
                </Button>
                <Table<WaybillShareRow> rowKey="id" size="small" loading={isFetching} columns={mine} dataSource={data?.mine ?? []} pagination={false} locale={{ emptyText: <Empty description={t('waybills:shares.empty')} /> }} />
              </>
            ),
          },
          {
            key: 'toMe',
            label: t('waybills:shares.sharedToMe'),
            children: (
              <>
                <Typography.Paragraph type="secondary">{t('waybills:shares.sharedToMeHelp')}</Typography.Paragraph>
                <Table<WaybillShareRow> rowKey="id" size="small" loading={isFetching} columns={toMe} dataSource={data?.sharedToMe ?? []} pagination={false} locale={{ emptyText: <Empty description={t('waybills:shares.emptyToMe')} /> }} />
              </>
            ),
          },
        ]}
      />
      <CreateShareModal open={creating} onClose={() => setCreating(false)} />
      <ShareLogDrawer share={logOf} onClose={() => setLogOf(null)} />
      <ShareCountModal share={countOf} onClose={() => setCountOf(null)} />
    </Card>
  );
}
