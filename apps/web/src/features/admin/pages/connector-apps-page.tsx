// Root account: the installation's app registrations on the marketplaces (app key, secret,
// gateway, consent page, callback) that real connectors use. The secret is write-only: the page
// shows whether it is set and at most its last 4 characters.
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConnectorAppKey, ConnectorAppRow } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { DateTime } from '../../../ui/relative-time';
import { adminApi } from '../api';

interface AppForm {
  appKey: string;
  appSecret?: string;
  signSecret?: string;
  serviceId?: string;
  gatewayUrl?: string;
  authorizeUrl?: string;
  callbackUrl?: string;
}

const URL_RULE = { pattern: /^https?:\/\/\S+$/i };
/** Platforms that sign with a secret of their own besides the app secret (Kuaishou's signSecret). */
const SIGN_SECRET_PLATFORMS = ['KSXD'];
/** Platforms whose consent page takes the app's service-market id (Douyin's service_id). */
const SERVICE_ID_PLATFORMS = ['DY'];

function EditModal({ row, onClose }: { row: ConnectorAppRow; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<AppForm>();
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (v: AppForm) =>
      adminApi.saveConnectorApp({
        platformKey: row.platformKey as ConnectorAppKey,
        appKey: v.appKey,
        appSecret: v.appSecret || null,
        signSecret: v.signSecret || null,
        serviceId: v.serviceId || null,
        gatewayUrl: v.gatewayUrl || null,
        authorizeUrl: v.authorizeUrl || null,
        callbackUrl: v.callbackUrl || null,
      }),
    onSuccess: () => {
      toast.success(t('admin:apps.saved'));
      void client.invalidateQueries({ queryKey: ['admin-connector-apps'] });
      onClose();
    },
    onError: (e) => setError(e instanceof ApiError ? errorMessage(e) : String(e)),
  });
  const fromPage = row.source === 'PAGE';
  return (
    <Modal
      open
      title={t('admin:apps.editTitle', { platform: t(`admin:apps.platforms.${row.platformKey}`, { defaultValue: row.platformKey }) })}
      onCancel={onClose}
      onOk={async () => save.mutate(await form.validateFields())}
      confirmLoading={save.isPending}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      maskClosable={false}
      width={620}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ appKey: fromPage ? (row.appKey ?? '') : '', serviceId: fromPage ? (row.serviceId ?? '') : '', gatewayUrl: fromPage ? (row.gatewayUrl ?? '') : '', authorizeUrl: fromPage ? (row.authorizeUrl ?? '') : '', callbackUrl: fromPage ? (row.callbackUrl ?? '') : '' }}
      >
        <Form.Item name="appKey" label={t('admin:apps.appKey')} rules={[{ required: true, message: t('admin:required') }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="appSecret"
          label={t('admin:apps.appSecret')}
          extra={fromPage ? t('admin:apps.secretKeep', { hint: row.secretHint ?? '****' }) : t('admin:apps.secretFirst')}
          rules={fromPage ? [] : [{ required: true, message: t('admin:required') }]}
        >
          <Input.Password autoComplete="new-password" visibilityToggle={false} />
        </Form.Item>
        {SIGN_SECRET_PLATFORMS.includes(row.platformKey) && (
          <Form.Item name="signSecret" label={t('admin:apps.signSecret')} extra={row.signSecretSet ? t('admin:apps.signSecretKeep') : t('admin:apps.signSecretHint')}>
            <Input.Password autoComplete="new-password" visibilityToggle={false} />
          </Form.Item>
        )}
        {SERVICE_ID_PLATFORMS.includes(row.platformKey) && (
          <Form.Item name="serviceId" label={t('admin:apps.serviceId')} extra={t('admin:apps.serviceIdHint')} rules={[{ pattern: /^[A-Za-z0-9_-]*$/, message: t('admin:apps.badServiceId') }]}>
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item name="gatewayUrl" label={t('admin:apps.gatewayUrl')} extra={t('admin:apps.defaultHint')} rules={[{ ...URL_RULE, message: t('admin:apps.badUrl') }]}>
          <Input placeholder="https://eco.taobao.com/router/rest" />
        </Form.Item>
        <Form.Item name="authorizeUrl" label={t('admin:apps.authorizeUrl')} extra={t('admin:apps.defaultHint')} rules={[{ ...URL_RULE, message: t('admin:apps.badUrl') }]}>
          <Input placeholder="https://oauth.taobao.com/authorize" />
        </Form.Item>
        <Form.Item name="callbackUrl" label={t('admin:apps.callbackUrl')} extra={t('admin:apps.callbackHint', { url: `${window.location.origin}/#/authorization` })} rules={[{ ...URL_RULE, message: t('admin:apps.badUrl') }]}>
          <Input placeholder={`${window.location.origin}/#/authorization`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function ConnectorAppsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState<ConnectorAppRow | null>(null);
  const list = useQuery({ queryKey: ['admin-connector-apps'], queryFn: adminApi.connectorApps });
  const remove = useMutation({
    mutationFn: (platformKey: string) => adminApi.removeConnectorApp(platformKey as ConnectorAppKey),
    onSuccess: () => {
      toast.success(t('admin:apps.removed'));
      void client.invalidateQueries({ queryKey: ['admin-connector-apps'] });
    },
  });
  return (
    <>
      <PageTitle title={t('nav:routes.systemConnectorApps')} />
      <Card>
        <p style={{ marginTop: 0 }}>{t('admin:apps.explain')}</p>
        <Table<ConnectorAppRow>
          rowKey="platformKey"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data?.voList ?? []}
          pagination={false}
          columns={[
            { title: t('admin:apps.platform'), dataIndex: 'platformKey', width: 180, render: (v: string) => t(`admin:apps.platforms.${v}`, { defaultValue: v }) },
            {
              title: t('admin:apps.source'),
              width: 150,
              render: (_, r) => (r.source === 'PAGE' ? <Tag color="blue">{t('admin:apps.fromPage')}</Tag> : r.source === 'ENV' ? <Tag color="purple">{t('admin:apps.fromEnv')}</Tag> : <Tag>{t('admin:apps.notSet')}</Tag>),
            },
            { title: t('admin:apps.appKey'), dataIndex: 'appKey', width: 180, render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '-') },
            { title: t('admin:apps.appSecret'), width: 150, render: (_, r) => (r.secretSet ? <Typography.Text code>{r.secretHint ?? '****'}</Typography.Text> : t('admin:apps.notSet')) },
            { title: t('admin:apps.gatewayUrl'), dataIndex: 'gatewayUrl', render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('admin:apps.publishedDefault')}</Typography.Text> },
            { title: t('admin:apps.callbackUrl'), dataIndex: 'callbackUrl', render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('admin:apps.siteDefault')}</Typography.Text> },
            { title: t('admin:apps.updatedAt'), dataIndex: 'updatedAt', width: 170, render: (v: string | null) => (v ? <DateTime value={v} /> : '-') },
            {
              title: t('admin:apps.actions'),
              width: 150,
              render: (_, r) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    {t('admin:apps.edit')}
                  </Button>
                  {r.source === 'PAGE' && (
                    <Popconfirm title={t('admin:apps.removeConfirm')} onConfirm={() => remove.mutate(r.platformKey)}>
                      <Button type="link" size="small" danger>
                        {t('admin:apps.remove')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing && <EditModal row={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
