// Gift promotions (/goods/salesPromotion, spec 02 §3.3): the list with its filters, the open
// switch, the editor drawer, and "try it" on the domain's open promotions.
import { useState } from 'react';
import { Button, Card, Drawer, Input, Popconfirm, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ExperimentOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime, PROMOTION_RULE_TYPES, PROMOTION_TIME_STATUSES, type PromotionRow, type PromotionRuleType, type PromotionTimeStatus } from '@openseller/core';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { useListState } from '../../../ui/use-list-state';
import { promotionsApi } from '../api';
import { PromotionEditor } from '../components/promotion-editor';
import { TryPanel } from '../components/try-panel';
import { usePromotions, usePromotionStores, usePromotionsMutation } from '../queries';

const STATUS_COLORS: Record<PromotionTimeStatus, string> = { NOT_STARTED: 'blue', RUNNING: 'green', ENDED: 'default' };

export default function PromotionListPage() {
  const { t } = useTranslation();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, name: '', open: '', status: '', storeId: 0, ruleType: '', edit: '' });
  const [selected, setSelected] = useState<number[]>([]);
  const [trying, setTrying] = useState(false);
  const stores = usePromotionStores();
  const { data, isFetching } = usePromotions({
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.name ? { name: state.name } : {}),
    ...(state.open ? { open: state.open === 'true' } : {}),
    ...(state.status ? { status: state.status as PromotionTimeStatus } : {}),
    ...(state.storeId ? { storeId: state.storeId } : {}),
    ...(state.ruleType ? { ruleType: state.ruleType as PromotionRuleType } : {}),
  });
  const switchOpen = usePromotionsMutation((row: PromotionRow) => promotionsApi.switchOpen(row.id, row.version, !row.open));
  const remove = usePromotionsMutation((ids: number[]) => promotionsApi.remove(ids));
  const editing = state.edit === 'new' ? 'new' : state.edit ? Number(state.edit) : null;

  const removeRows = (ids: number[]) =>
    remove.mutate(ids, {
      onSuccess: (r) => {
        toast.success(t('promotions:list.deleted', { count: r.deleted }));
        setSelected((s) => s.filter((id) => !ids.includes(id)));
      },
    });

  const columns: ColumnsType<PromotionRow> = [
    { key: 'name', title: t('promotions:fields.name'), dataIndex: 'name', width: 180, fixed: 'left' },
    {
      key: 'time',
      title: t('promotions:fields.timeWindow'),
      width: 180,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{formatDateTime(r.fromTime)}</span>
          <span>{formatDateTime(r.toTime)}</span>
          <Tag color={STATUS_COLORS[r.status]} style={{ marginTop: 4 }}>
            {t(`promotions:statuses.${r.status}`)}
          </Tag>
        </Space>
      ),
    },
    {
      key: 'stores',
      title: t('promotions:fields.storeIds'),
      width: 180,
      render: (_, r) => (r.stores.length ? r.stores.map((s) => <Tag key={s.id}>{s.name}</Tag>) : <Typography.Text type="secondary">{t('promotions:list.allStores')}</Typography.Text>),
    },
    {
      key: 'rules',
      title: t('promotions:list.rules'),
      width: 240,
      render: (_, r) => (
        <Space direction="vertical" size={4}>
          {r.ruleSummary.map((rule, i) => (
            <Space key={i} size={4} wrap>
              <Tag color="blue">{t(`promotions:ruleTypes.${rule.ruleType}`)}</Tag>
              {rule.ruleMode === 2 && <Tag>{t('promotions:list.tiers', { count: rule.tierCount })}</Tag>}
              {rule.repeatable && <Tag color="gold">{t('promotions:fields.repeatable')}</Tag>}
            </Space>
          ))}
        </Space>
      ),
    },
    {
      key: 'nick',
      title: t('promotions:fields.nickConditionType'),
      width: 130,
      render: (_, r) =>
        r.nickConditionType === 'NONE' ? '-' : (
          <Tooltip title={r.nickList.join(', ')}>
            <span>{t(`promotions:nickTypes.${r.nickConditionType}`)} ({r.nickList.length})</span>
          </Tooltip>
        ),
    },
    {
      key: 'cap',
      title: t('promotions:list.given'),
      width: 100,
      align: 'right',
      render: (_, r) => (r.promotionAllCount ? t('promotions:list.givenOf', { given: r.givenCount, cap: r.promotionAllCount }) : r.givenCount),
    },
    {
      key: 'open',
      title: t('promotions:fields.open'),
      width: 80,
      render: (_, r) => (
        <Switch
          checked={r.open}
          aria-label={t('promotions:list.switchOf', { name: r.name })}
          loading={switchOpen.isPending && switchOpen.variables?.id === r.id}
          onChange={() => switchOpen.mutate(r, { onSuccess: (v) => toast.success(t(v.open ? 'promotions:list.switchedOn' : 'promotions:list.switchedOff', { name: v.name })) })}
        />
      ),
    },
    {
      key: 'actions',
      title: t('common:actions.title'),
      width: 130,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setState({ edit: String(r.id) })}>
            {t('common:actions.edit')}
          </Button>
          <Popconfirm
            title={t('promotions:list.confirmDelete', { name: r.name })}
            okText={t('common:actions.ok')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() => removeRows([r.id])}
          >
            <Button type="link" size="small" danger>
              {t('common:actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const { columns: visible, settingsButton } = useColumnSettings('promotions', columns);

  return (
    <>
      <PageTitle
        title={t('nav:routes.salesPromotion')}
        extra={
          <Space>
            <Button icon={<ExperimentOutlined />} onClick={() => setTrying(true)}>
              {t('promotions:list.tryOpen')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setState({ edit: 'new' })}>
              {t('promotions:editor.add')}
            </Button>
          </Space>
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Input.Search
              allowClear
              defaultValue={state.name}
              placeholder={t('promotions:list.searchName')}
              aria-label={t('promotions:list.searchName')}
              style={{ width: 220 }}
              onSearch={(name) => setState({ name: name.trim(), currentPage: 1 })}
            />
            <Select
              allowClear
              style={{ width: 130 }}
              placeholder={t('promotions:list.status')}
              aria-label={t('promotions:list.status')}
              value={state.status || undefined}
              onChange={(status) => setState({ status: status ?? '', currentPage: 1 })}
              options={PROMOTION_TIME_STATUSES.map((s) => ({ value: s, label: t(`promotions:statuses.${s}`) }))}
            />
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('promotions:fields.open')}
              aria-label={t('promotions:fields.open')}
              value={state.open || undefined}
              onChange={(open) => setState({ open: open ?? '', currentPage: 1 })}
              options={[
                { value: 'true', label: t('promotions:list.opened') },
                { value: 'false', label: t('promotions:list.closed') },
              ]}
            />
            <Select
              allowClear
              style={{ width: 180 }}
              placeholder={t('promotions:list.store')}
              aria-label={t('promotions:list.store')}
              value={state.storeId || undefined}
              onChange={(storeId) => setState({ storeId: storeId ?? 0, currentPage: 1 })}
              options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
            <Select
              allowClear
              style={{ width: 200 }}
              placeholder={t('promotions:fields.ruleType')}
              aria-label={t('promotions:fields.ruleType')}
              value={state.ruleType || undefined}
              onChange={(ruleType) => setState({ ruleType: ruleType ?? '', currentPage: 1 })}
              options={PROMOTION_RULE_TYPES.map((type) => ({ value: type, label: t(`promotions:ruleTypes.${type}`) }))}
            />
          </Space>
          <Space>
            <Popconfirm
              title={t('promotions:list.confirmDeleteMany', { count: selected.length })}
              disabled={!selected.length}
              okText={t('common:actions.ok')}
              cancelText={t('common:actions.cancel')}
              onConfirm={() => removeRows(selected)}
            >
              <Button danger disabled={!selected.length}>
                {t('promotions:list.deleteSelected')}
              </Button>
            </Popconfirm>
            {settingsButton}
          </Space>
        </Space>
        <Table<PromotionRow>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.voList ?? []}
          columns={visible}
          scroll={{ x: 1280 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          pagination={tablePagination(state.currentPage, state.pageSize, data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        />
      </Card>
      <PromotionEditor editing={editing} onClose={() => setState({ edit: '' })} />
      <Drawer open={trying} width={960} title={t('promotions:list.tryOpen')} onClose={() => setTrying(false)} destroyOnHidden>
        <TryPanel intro={t('promotions:try.introOpen')} promotions={() => promotionsApi.searchOpen({})} />
      </Drawer>
    </>
  );
}
