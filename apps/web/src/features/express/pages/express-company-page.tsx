// Express companies (/config/expressCompany): the carriers the seller ships with, picked from
// the system catalogue (searchable, with whether each takes several packages per order), with a
// note and an order of their own.
import { useMemo, useState } from 'react';
import { Button, Card, Col, Input, InputNumber, Popconfirm, Row, Segmented, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SystemExpressCompany, UserExpressCompanyRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { useListState } from '../../../ui/use-list-state';
import { expressApi } from '../api';
import { useExpressMutation, useSystemExpressCompanies, useUserExpressCompanies } from '../queries';

function MultiPackageTag({ multiPackage }: { multiPackage: boolean }) {
  const { t } = useTranslation();
  return multiPackage ? <Tag color="green">{t('express:multiPackage.yes')}</Tag> : <Tag color="orange">{t('express:multiPackage.no')}</Tag>;
}

/** The note (udf4) and the order, saved when the cell loses focus. */
function EditableCell({ row, field }: { row: UserExpressCompanyRow; field: 'udf4' | 'sortIndex' }) {
  const { t } = useTranslation();
  const update = useExpressMutation((patch: { udf4?: string | null; sortIndex: number }) => expressApi.update({ id: row.id, version: row.version, ...patch }));
  const save = (patch: { udf4?: string | null; sortIndex: number }) => {
    if (patch.udf4 === (row.udf4 ?? null) && patch.sortIndex === row.sortIndex) return;
    update.mutate(patch, { onSuccess: () => toast.success(t('express:mine.saved', { name: row.name })) });
  };
  if (field === 'sortIndex')
    return (
      <InputNumber
        key={`${row.id}:${row.version}`}
        size="small"
        min={0}
        max={9999}
        precision={0}
        defaultValue={row.sortIndex}
        aria-label={t('express:mine.sortIndex')}
        disabled={update.isPending}
        onBlur={(e) => {
          const n = Number(e.target.value);
          if (Number.isInteger(n) && n >= 0 && n <= 9999) save({ udf4: row.udf4, sortIndex: n });
        }}
        style={{ width: 80 }}
      />
    );
  return (
    <Input
      key={`${row.id}:${row.version}`}
      size="small"
      maxLength={50}
      defaultValue={row.udf4 ?? ''}
      placeholder={t('express:mine.udf4Placeholder')}
      aria-label={t('express:mine.udf4')}
      disabled={update.isPending}
      onBlur={(e) => save({ udf4: e.target.value.trim() || null, sortIndex: row.sortIndex })}
      onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
    />
  );
}

function MyCarriers() {
  const { t } = useTranslation();
  const { data, isFetching } = useUserExpressCompanies();
  const remove = useExpressMutation((ids: number[]) => expressApi.remove(ids));
  return (
    <Card title={t('express:mine.title')} extra={<Typography.Text type="secondary">{t('express:mine.count', { count: data?.length ?? 0 })}</Typography.Text>}>
      <Table<UserExpressCompanyRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: t('express:mine.empty') }}
        columns={[
          {
            title: t('express:fields.name'),
            dataIndex: 'name',
            render: (name: string, r) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {name} <Typography.Text type="secondary">{r.code}</Typography.Text>
              </span>
            ),
          },
          { title: t('express:fields.multiPackage'), dataIndex: 'multiPackage', width: 150, render: (v: boolean) => <MultiPackageTag multiPackage={v} /> },
          { title: t('express:mine.udf4'), width: 240, render: (_, r) => <EditableCell row={r} field="udf4" /> },
          { title: t('express:mine.sortIndex'), width: 96, render: (_, r) => <EditableCell row={r} field="sortIndex" /> },
          {
            title: t('common:actions.title'),
            width: 90,
            render: (_, r) => (
              <Popconfirm
                title={t('express:mine.confirmRemove', { name: r.name })}
                okText={t('common:actions.ok')}
                cancelText={t('common:actions.cancel')}
                onConfirm={() => remove.mutate([r.id], { onSuccess: () => toast.success(t('express:mine.removed', { name: r.name })) })}
              >
                <Button type="link" size="small" danger>
                  {t('express:mine.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}

function Catalogue() {
  const { t } = useTranslation();
  const [state, setState] = useListState({ q: '', packages: 'all' });
  const { data, isFetching } = useSystemExpressCompanies();
  const [selected, setSelected] = useState<string[]>([]);
  const add = useExpressMutation((codes: string[]) => expressApi.add(codes));
  const rows = useMemo(() => {
    const q = state.q.trim().toLowerCase();
    return (data ?? []).filter(
      (e) =>
        (!q || e.code.toLowerCase().includes(q) || e.nameZh.includes(state.q.trim()) || e.nameEn.toLowerCase().includes(q)) &&
        (state.packages === 'all' || (state.packages === 'multi') === e.multiPackage),
    );
  }, [data, state.q, state.packages]);
  const addCodes = (codes: string[]) =>
    add.mutate(codes, {
      onSuccess: (added) => {
        toast.success(t('express:catalogue.added', { count: added.length }));
        setSelected([]);
      },
    });

  return (
    <Card title={t('express:catalogue.title')}>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            defaultValue={state.q}
            placeholder={t('express:catalogue.searchPlaceholder')}
            aria-label={t('express:catalogue.searchPlaceholder')}
            onChange={(e) => setState({ q: e.target.value })}
            style={{ width: 240 }}
          />
          <Segmented
            value={state.packages}
            onChange={(packages) => setState({ packages: String(packages) })}
            options={[
              { value: 'all', label: t('express:catalogue.all') },
              { value: 'multi', label: t('express:multiPackage.yes') },
              { value: 'single', label: t('express:multiPackage.no') },
            ]}
          />
        </Space>
        <Tooltip title={selected.length ? undefined : t('express:catalogue.selectFirst')}>
          <Button type="primary" icon={<PlusOutlined />} disabled={!selected.length} loading={add.isPending} onClick={() => addCodes(selected)}>
            {t('express:catalogue.addSelected', { count: selected.length })}
          </Button>
        </Tooltip>
      </Space>
      <Table<SystemExpressCompany>
        rowKey="code"
        size="small"
        loading={isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 520 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
          getCheckboxProps: (e) => ({ disabled: e.chosen, 'aria-label': e.name }),
        }}
        columns={[
          { title: t('express:fields.name'), dataIndex: 'name', render: (name: string, e) => (e.name === e.nameZh ? name : `${name} · ${e.nameZh}`) },
          { title: t('express:fields.code'), dataIndex: 'code', width: 140 },
          {
            title: t('express:fields.multiPackage'),
            dataIndex: 'multiPackage',
            width: 230,
            render: (v: boolean, e) => (
              <Space size={4}>
                <MultiPackageTag multiPackage={v} />
                {e.freight && <Tag>{t('express:catalogue.freight')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('common:actions.title'),
            width: 110,
            render: (_, e) =>
              e.chosen ? (
                <Typography.Text type="success">
                  <CheckOutlined /> {t('express:catalogue.chosen')}
                </Typography.Text>
              ) : (
                <Button type="link" size="small" onClick={() => addCodes([e.code])}>
                  {t('express:catalogue.add')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}

export default function ExpressCompanyPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('nav:routes.expressCompany')} />
      <Typography.Paragraph type="secondary">{t('express:intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={12}>
          <MyCarriers />
        </Col>
        <Col xs={24} xxl={12}>
          <Catalogue />
        </Col>
      </Row>
    </>
  );
}
