// A list of operation-log entries: who did what to which record, when, and what changed.
import { Button, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { OperationLogRow, OperationLogSearchInput, PageResult } from '@openseller/core';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { logActionLabel, logAreaLabel, logEntityLabel } from '../log-labels';

const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

function Changes({ row }: { row: OperationLogRow }) {
  const { t } = useTranslation();
  const before = (row.before ?? {}) as Record<string, unknown>;
  const after = (row.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => show(before[k]) !== show(after[k]));
  if (!keys.length) return <Typography.Text type="secondary">{t('logs:noChanges')}</Typography.Text>;
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={keys.map((key) => ({ key, before: show(before[key]), after: show(after[key]) }))}
      columns={[
        { title: t('logs:field'), dataIndex: 'key', width: 200 },
        { title: t('logs:before'), dataIndex: 'before', render: (v: string) => <Typography.Text delete={v !== '—'}>{v}</Typography.Text> },
        { title: t('logs:after'), dataIndex: 'after', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
      ]}
    />
  );
}

export function OperationLogTable(props: { queryKey: string; areas: readonly string[]; load: (input: Partial<OperationLogSearchInput>) => Promise<PageResult<OperationLogRow>> }) {
  const { t } = useTranslation();
  const [state, setState] = useListState({ activeKey: '', currentPage: 1, pageSize: 10, area: '', loginName: '', record: '', from: '', to: '' });
  const filter: Partial<OperationLogSearchInput> = {
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.area ? { area: state.area } : {}),
    ...(state.loginName ? { loginName: state.loginName } : {}),
    ...(state.record ? { record: state.record } : {}),
    ...(state.from ? { timeFrom: state.from } : {}),
    ...(state.to ? { timeTo: state.to } : {}),
  };
  const list = useQuery({ queryKey: [props.queryKey, filter], queryFn: () => props.load(filter), placeholderData: (p) => p });
  const [form] = Form.useForm<{ area?: string; loginName?: string; record?: string; range?: [Dayjs, Dayjs] }>();
  return (
    <>
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        initialValues={{ area: state.area || undefined, loginName: state.loginName || undefined, record: state.record || undefined }}
        onFinish={(v) =>
          setState({
            currentPage: 1,
            area: v.area ?? '',
            loginName: v.loginName?.trim() ?? '',
            record: v.record?.trim() ?? '',
            from: v.range ? v.range[0].startOf('day').format('YYYY-MM-DD HH:mm:ss') : '',
            to: v.range ? v.range[1].endOf('day').format('YYYY-MM-DD HH:mm:ss') : '',
          })
        }
      >
        <Form.Item name="area" label={t('logs:area')}>
          <Select allowClear style={{ width: 180 }} options={props.areas.map((a) => ({ value: a, label: logAreaLabel(t, a) }))} />
        </Form.Item>
        <Form.Item name="loginName" label={t('logs:operator')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="record" label={t('logs:record')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="range" label={t('logs:time')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common:actions.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setState({ currentPage: 1, area: '', loginName: '', record: '', from: '', to: '' });
            }}
          >
            {t('common:actions.reset')}
          </Button>
        </Space>
      </Form>
      <Table<OperationLogRow>
        rowKey="id"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.voList ?? []}
        expandable={{ expandedRowRender: (row) => <Changes row={row} /> }}
        pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        columns={[
          { title: t('logs:time'), dataIndex: 'createdAt', width: 170, render: (v: string) => <DateTime value={v} /> },
          { title: t('logs:area'), dataIndex: 'area', width: 150, render: (v: string) => <Tag>{logAreaLabel(t, v)}</Tag> },
          { title: t('logs:recordType'), dataIndex: 'entityType', width: 170, render: (v: string) => logEntityLabel(t, v) },
          { title: t('logs:record'), dataIndex: 'recordCode', width: 200, render: (v: string | null) => v ?? '—' },
          { title: t('logs:action'), dataIndex: 'action', render: (v: string) => logActionLabel(t, v) },
          { title: t('logs:operator'), dataIndex: 'loginName', width: 160, render: (v: string | null) => v ?? '—' },
        ]}
      />
    </>
  );
}
