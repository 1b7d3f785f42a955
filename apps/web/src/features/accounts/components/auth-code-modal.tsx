// The header's "generate authorisation code" (spec 01 §2.3, §4.9): the main account makes a code
// that lets online support sign in on its behalf; support's operations show in the log centre
// under the account name with the customer-service suffix. Codes expire and can be revoked.
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthCodeCreated, AuthCodeRow } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { DateTime } from '../../../ui/relative-time';
import { accountsApi } from '../api';

const VALID_HOURS = [1, 2, 4, 8, 24, 72] as const;
const STATE_COLORS: Record<AuthCodeRow['state'], string> = { ACTIVE: 'green', IN_USE: 'blue', EXPIRED: 'default', REVOKED: 'red' };
const codesKey = ['accounts', 'authCodes'] as const;

export function AuthCodeModal({ open, onClose, domainCode }: { open: boolean; onClose: () => void; domainCode: string | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ validHours: number; note?: string }>();
  const [made, setMade] = useState<AuthCodeCreated | null>(null);
  const codes = useQuery({ queryKey: codesKey, queryFn: accountsApi.listAuthCodes, enabled: open });
  const make = useMutation({
    mutationFn: (values: { validHours: number; note?: string }) => accountsApi.makeAuthCode({ validHours: values.validHours, ...(values.note?.trim() ? { note: values.note.trim() } : {}) }),
    onSuccess: (answer) => {
      setMade(answer);
      void client.invalidateQueries({ queryKey: codesKey });
    },
    onError: (error) => error instanceof ApiError && toast.error(errorMessage(error)),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => accountsApi.revokeAuthCode(id),
    onSuccess: () => {
      toast.success(t('accounts:authCode.revoked'));
      void client.invalidateQueries({ queryKey: codesKey });
    },
  });
  const close = () => {
    setMade(null);
    form.resetFields();
    onClose();
  };
  return (
    <Modal open={open} title={t('nav:service.authCode')} onCancel={close} footer={<Button onClick={close}>{t('common:actions.ok')}</Button>} width={520} maskClosable={false} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('accounts:authCode.intro')}</Typography.Paragraph>
      {made ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('accounts:authCode.made')}
          description={
            <Space direction="vertical" size={4}>
              <span>
                {t('accounts:authCode.domainNumber')}: <Typography.Text code copyable>{made.domainCode}</Typography.Text>
              </span>
              <span>
                {t('accounts:authCode.code')}:{' '}
                <Typography.Text code copyable={{ text: made.code }} strong style={{ fontSize: 18, letterSpacing: 2 }} data-testid="auth-code">
                  {made.code}
                </Typography.Text>
              </span>
              <span>
                {t('accounts:authCode.validUntil')}: <DateTime value={made.expiresAt} />
              </span>
              <Typography.Text type="secondary">{t('accounts:authCode.shownOnce')}</Typography.Text>
            </Space>
          }
        />
      ) : (
        <Form form={form} layout="inline" initialValues={{ validHours: 24 }} onFinish={(values) => make.mutate(values)} style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item name="validHours" label={t('accounts:authCode.validHours')}>
            <Select style={{ width: 110 }} options={VALID_HOURS.map((h) => ({ value: h, label: t('accounts:authCode.hours', { hours: h }) }))} />
          </Form.Item>
          <Form.Item name="note" label={t('accounts:authCode.note')} rules={[{ max: 100 }]}>
            <Input placeholder={t('accounts:authCode.notePlaceholder')} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={make.isPending}>
              {t('accounts:authCode.generate')}
            </Button>
          </Form.Item>
        </Form>
      )}
      {domainCode && !made && (
        <Typography.Paragraph>
          {t('accounts:authCode.domainNumber')}: <Typography.Text code>{domainCode}</Typography.Text>
        </Typography.Paragraph>
      )}
      <Table<AuthCodeRow>
        size="small"
        rowKey="id"
        loading={codes.isLoading}
        dataSource={codes.data ?? []}
        pagination={false}
        scroll={{ y: 240 }}
        locale={{ emptyText: t('accounts:authCode.empty') }}
        columns={[
          { title: t('accounts:authCode.code'), dataIndex: 'codeTail', width: 80, render: (tail: string) => `••••••${tail}` },
          { title: t('accounts:authCode.state'), dataIndex: 'state', width: 90, render: (state: AuthCodeRow['state']) => <Tag color={STATE_COLORS[state]}>{t(`accounts:authCode.states.${state}`)}</Tag> },
          {
            title: t('accounts:authCode.usedBy'),
            render: (_, row) => row.csName ?? row.note ?? '-',
          },
          { title: t('accounts:authCode.validUntil'), dataIndex: 'expiresAt', width: 130, render: (value: string) => <DateTime value={value} /> },
          {
            title: '',
            width: 70,
            render: (_, row) =>
              row.state === 'ACTIVE' || row.state === 'IN_USE' ? (
                <Popconfirm title={t('accounts:authCode.revokeConfirm')} onConfirm={() => revoke.mutate(row.id)} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')}>
                  <Button type="link" danger size="small">
                    {t('accounts:authCode.revoke')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Modal>
  );
}
