// Stop-shipping templates (/config/expressStop, menu MENU_EXPRESS_STOP): the areas a carrier does
// not ship to. A template is made and edited on /config/expressStop/template/createTemplate.
import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { StopArea, StopTemplateRow } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { FilterBar } from '../../../../ui/filter-bar';
import { PageTitle } from '../../../../ui/page-title';
import { tablePagination } from '../../../../ui/pagination';
import { useListState } from '../../../../ui/use-list-state';
import { ExpressCompanySelect } from '../../../express/components/express-company-select';
import { stopTemplatesApi } from '../api';
import { expressRuleErrorMessage, useExpressRuleMutation, useStopTemplates } from '../queries';

const DEFAULTS = { currentPage: 1, pageSize: 10, name: '', expressCompanyCode: '' };
export const areaText = (a: StopArea) => [a.province, a.city, a.district].filter(Boolean).join(' ');
export const CREATE_TEMPLATE_PATH = '/config/expressStop/template/createTemplate';

export default function ExpressStopPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useListState(DEFAULTS);
  const filter = { currentPage: state.currentPage, pageSize: state.pageSize, ...(state.name ? { name: state.name } : {}), ...(state.expressCompanyCode ? { expressCompanyCode: state.expressCompanyCode } : {}) };
  const { data, isFetching, error } = useStopTemplates(filter);
  const [selected, setSelected] = useState<number[]>([]);
  const remove = useExpressRuleMutation(stopTemplatesApi.remove);

  const removeRows = (ids: number[]) =>
    remove.mutate(ids, {
      onSuccess: () => {
        toast.success(t('expressrules:stop.deleted'));
        setSelected([]);
      },
      onError: (e) => toast.error(expressRuleErrorMessage(e)),
    });

  const columns: ColumnsType<StopTemplateRow> = [
    { title: t('expressrules:stop.name'), dataIndex: 'name', key: 'name' },
    { title: t('expressrules:fields.expressCompany'), dataIndex: 'expressCompanyName', key: 'carrier', render: (v) => <Tag color="blue">{v}</Tag> },
    {
      title: t('expressrules:stop.areas'),
      key: 'areas',
      render: (_, r) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.areas.map(areaText).join('、') }} style={{ marginBottom: 0 }}>
          {r.areas.map(areaText).join('、')}
        </Typography.Paragraph>
      ),
    },
    { title: t('expressrules:fields.usable'), dataIndex: 'usable', key: 'usable', width: 90, render: (v) => (v ? <Tag color="green">{t('expressrules:stop.on')}</Tag> : <Tag>{t('expressrules:stop.off')}</Tag>) },
    {
      title: t('common:actions.title'),
      key: 'actions',
      width: 150,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`${CREATE_TEMPLATE_PATH}?id=${r.id}`)}>
            {t('common:actions.edit')}
          </Button>
          <Popconfirm title={t('expressrules:stop.deleteConfirm', { count: 1 })} onConfirm={() => removeRows([r.id])}>
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
        title={t('expressrules:stop.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(CREATE_TEMPLATE_PATH)}>
            {t('expressrules:stop.create')}
          </Button>
        }
      />
      <FilterBar<{ name?: string; expressCompanyCode?: string }>
        initialValues={{ name: state.name, expressCompanyCode: state.expressCompanyCode || undefined }}
        onSearch={(v) => setState({ name: v.name ?? '', expressCompanyCode: v.expressCompanyCode ?? '', currentPage: 1 })}
        onReset={() => setState(DEFAULTS)}
      >
        <Form.Item name="name" label={t('expressrules:stop.name')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="expressCompanyCode" label={t('expressrules:fields.expressCompany')}>
          <ExpressCompanySelect valueField="code" allowClear />
        </Form.Item>
      </FilterBar>
      <Card size="small">
        {error && <Alert type="error" showIcon message={expressRuleErrorMessage(error)} style={{ marginBottom: 12 }} />}
        <Space style={{ marginBottom: 12 }}>
          <Popconfirm title={t('expressrules:stop.deleteConfirm', { count: selected.length })} disabled={!selected.length} onConfirm={() => removeRows(selected)}>
            <Button danger disabled={!selected.length} loading={remove.isPending}>
              {t('expressrules:stop.deleteSelected')}
            </Button>
          </Popconfirm>
        </Space>
        <Table<StopTemplateRow>
          rowKey="id"
          size="small"
          loading={isFetching}
          columns={columns}
          dataSource={data?.voList ?? []}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          pagination={tablePagination(state.currentPage, state.pageSize, data?.total ?? 0, (currentPage, pageSize) => setState({ currentPage, pageSize }))}
          locale={{ emptyText: <Empty description={t('expressrules:stop.empty')} /> }}
        />
      </Card>
    </div>
  );
}
