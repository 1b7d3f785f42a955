// The anchors (the spec's "livers"): add, rename, disable; a disabled anchor stays on its sessions.
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LiverRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { requiredRule } from '../../../ui/form-rules';
import { liveApi, type LiverFormValues } from './api';
import { liveErrorMessage, useAnchors, useLiveMutation } from './queries';

function AnchorModal({ anchor, onClose }: { anchor: LiverRow | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LiverFormValues>();
  const [error, setError] = useState<string | null>(null);
  const editing = anchor && anchor !== 'new' ? anchor : null;
  const save = useLiveMutation((values: LiverFormValues) => (editing ? liveApi.updateAnchor({ ...values, id: editing.id, version: editing.version }) : liveApi.createAnchor(values)), { toastErrors: false });
  const submit = async () => {
    const values = await form.validateFields();
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(t('live:anchors.saved', { name: saved.name }));
        onClose();
      },
      onError: (e) => setError(liveErrorMessage(e)),
    });
  };
  return (
    <Modal
      open={!!anchor}
      title={editing ? t('live:anchors.editTitle', { name: editing.name }) : t('live:anchors.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      afterOpenChange={(open) => !open && setError(null)}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} role="alert" />}
      {/* Mounted afresh on every opening (destroyOnHidden), so the initial values are the anchor's. */}
      <Form form={form} layout="vertical" preserve={false} initialValues={editing ? { name: editing.name, phone: editing.phone ?? '', remark: editing.remark ?? '' } : { name: '', phone: '', remark: '' }}>
        <Form.Item name="name" label={t('live:anchors.name')} rules={[requiredRule(), { max: 40 }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="phone" label={t('live:anchors.phone')} rules={[{ max: 20 }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="remark" label={t('live:fields.remark')} rules={[{ max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function AnchorsTab() {
  const { t } = useTranslation();
  const anchors = useAnchors(true);
  const [editing, setEditing] = useState<LiverRow | 'new' | null>(null);
  const toggle = useLiveMutation((a: LiverRow) => liveApi.updateAnchor({ id: a.id, version: a.version, name: a.name, phone: a.phone, remark: a.remark, enabled: !a.enabled }));
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('live:anchors.add')}
        </Button>
      </Space>
      <Table<LiverRow>
        rowKey="id"
        size="middle"
        loading={anchors.isFetching}
        dataSource={anchors.data ?? []}
        pagination={false}
        locale={{ emptyText: t('live:anchors.empty') }}
        columns={[
          { title: t('live:anchors.name'), dataIndex: 'name', width: 200 },
          { title: t('live:anchors.phone'), dataIndex: 'phone', width: 160, render: (v: string | null) => v || '-' },
          { title: t('live:anchors.sessions'), dataIndex: 'sessionCount', width: 120, align: 'right' },
          { title: t('live:fields.status'), dataIndex: 'enabled', width: 100, render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('live:status.enabled') : t('live:status.disabled')}</Tag> },
          { title: t('live:fields.remark'), dataIndex: 'remark', render: (v: string | null) => v || '-' },
          {
            key: 'actions',
            title: t('common:actions.title'),
            width: 160,
            render: (_, a) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(a)}>
                  {t('common:actions.edit')}
                </Button>
                <Button type="link" size="small" onClick={() => toggle.mutate(a)}>
                  {a.enabled ? t('live:list.disable') : t('live:list.enable')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <AnchorModal anchor={editing} onClose={() => setEditing(null)} />
    </>
  );
}
