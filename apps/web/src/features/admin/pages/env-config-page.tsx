// Root account: the environment settings this server runs with; secrets are shown masked.
import { Card, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EnvConfigRow } from '@openseller/core';
import { PageTitle } from '../../../ui/page-title';
import { adminApi } from '../api';

export default function EnvConfigPage() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: ['admin-env-config'], queryFn: adminApi.envConfig });
  return (
    <>
      <PageTitle title={t('nav:routes.systemEnvConfig')} />
      <Card>
        <p style={{ marginTop: 0 }}>{t('admin:env.explain')}</p>
        <Table<EnvConfigRow>
          rowKey="name"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data?.voList ?? []}
          pagination={false}
          columns={[
            { title: t('admin:env.name'), dataIndex: 'name', width: 260, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
            {
              title: t('admin:env.value'),
              width: 320,
              render: (_, r) =>
                r.set ? (
                  <span>
                    <Typography.Text code>{r.value}</Typography.Text> {r.masked && <Tag color="purple">{t('admin:env.masked')}</Tag>}
                  </span>
                ) : (
                  <Typography.Text type="secondary">{t('admin:env.default', { value: r.defaultValue ?? '-' })}</Typography.Text>
                ),
            },
            { title: t('admin:env.description'), dataIndex: 'description' },
          ]}
        />
      </Card>
    </>
  );
}
