// Freight templates (/config/freightTemplate): the seller's price tables per carrier and area,
// each with its price version; enabling or disabling opens a new version, and a parcel keeps the
// price of the version in force when it shipped.
import { useState } from 'react';
import { Button, Card, Empty, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { expressCompanyName, formatDateTime, formatMoney, type FreightTemplateRow, type Language } from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { ExpressCompanySelect } from '../../express/components/express-company-select';
import { freightApi } from '../api';
import { useFreightMutation, useFreightTemplates, yuanOfFen } from '../queries';

export const CREATE_FREIGHT_TEMPLATE_PATH = '/config/freightTemplate/template/createFreightTemplate';

export default function FreightTemplatePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [carrier, setCarrier] = useState<string | undefined>();
  const list = useFreightTemplates({ ...page, ...(carrier ? { expressCompanyCode: carrier } : {}) });
  const enable = useFreightMutation((row: FreightTemplateRow) => freightApi.enableTemplate({ id: row.id, version: row.version, enabled: !row.enabled }));
  const remove = useFreightMutation((id: number) => freightApi.deleteTemplates([id]));

  return (
    <Card>
      <PageTitle
        title={t('freight:templates.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(CREATE_FREIGHT_TEMPLATE_PATH)}>
            {t('freight:templates.create')}
          </Button>
        }
      />
      <Typography.Paragraph type="secondary">{t('freight:templates.hint')}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <ExpressCompanySelect aria-label={t('freight:fields.carrier')} valueField="code" allowClear value={carrier ?? null} onChange={(v) => setCarrier((v as string | undefined) ?? undefined)} />
      </Space>
      <Table<FreightTemplateRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.voList ?? []}
        locale={{ emptyText: <Empty description={t('freight:templates.empty')} /> }}
        pagination={{ current: page.currentPage, pageSize: page.pageSize, total: list.data?.total ?? 0, onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }) }}
        columns={[
          { title: t('freight:fields.name'), dataIndex: 'name' },
          { title: t('freight:fields.carrier'), dataIndex: 'expressCompanyCode', render: (code: string) => expressCompanyName(code, i18n.language as Language) },
          { title: t('freight:fields.deliveryMethod'), dataIndex: 'deliveryMethod', render: (m: number) => <Tag>{t(`freight:deliveryMethod.${m}`)}</Tag> },
          {
            title: t('freight:fields.areas'),
            dataIndex: 'areas',
            render: (areas: FreightTemplateRow['areas']) =>
              areas
                .slice(0, 3)
                .map((a) => `${a.province}${a.city ?? ''} ${formatMoney(yuanOfFen(a.firstFee))}/${a.firstWeight}g +${formatMoney(yuanOfFen(a.additionalFee))}/${a.additionalWeight}g`)
                .join('; ') + (areas.length > 3 ? ` … (${areas.length})` : ''),
          },
          { title: t('freight:fields.versionNo'), dataIndex: 'versionNo', render: (v: number) => `v${v}` },
          {
            title: t('freight:fields.enabled'),
            dataIndex: 'enabled',
            render: (_: boolean, row) => (
              <Switch aria-label={t('freight:fields.enabled')} checked={row.enabled} loading={enable.isPending} onChange={() => enable.mutate(row, { onSuccess: (r) => toast.success(t(r.enabled ? 'freight:templates.enabled' : 'freight:templates.disabled', { name: r.name })) })} />
            ),
          },
          { title: t('freight:fields.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
          {
            title: t('freight:actions'),
            key: 'actions',
            render: (_: unknown, row) => (
              <Space>
                <Button type="link" size="small" onClick={() => navigate(`${CREATE_FREIGHT_TEMPLATE_PATH}?id=${row.id}`)}>
                  {t('freight:edit')}
                </Button>
                <Popconfirm title={t('freight:templates.deleteConfirm', { name: row.name })} onConfirm={() => remove.mutate(row.id, { onSuccess: () => toast.success(t('freight:deleted')) })}>
                  <Button type="link" size="small" danger>
                    {t('freight:delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
