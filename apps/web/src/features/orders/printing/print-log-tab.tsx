// The print log (/logs activeKey 4): every label printed or reprinted, with its source.
import { Form, Input, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRINT_SOURCES, type PrintLogRow, type PrintSource } from '@openseller/core';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { usePrintLog } from './queries';

export default function PrintLogTab() {
  const { t } = useTranslation();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, keyword: '', source: '' });
  const log = usePrintLog({ currentPage: state.currentPage, pageSize: state.pageSize, ...(state.keyword ? { keyword: state.keyword } : {}), ...(state.source ? { source: state.source as PrintSource } : {}) });
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('printing:log.keyword')} htmlFor="print-log-keyword">
          <Input.Search id="print-log-keyword" allowClear defaultValue={state.keyword} style={{ width: 240 }} onSearch={(v) => setState({ currentPage: 1, keyword: v.trim() })} />
        </Form.Item>
        <Form.Item label={t('printing:log.source')} htmlFor="print-log-source">
          <Select
            id="print-log-source"
            allowClear
            style={{ width: 180 }}
            value={state.source || undefined}
            onChange={(v) => setState({ currentPage: 1, source: v ?? '' })}
            options={PRINT_SOURCES.map((s) => ({ value: s, label: t(`printing:sources.${s}`) }))}
          />
        </Form.Item>
      </Form>
      <Table<PrintLogRow>
        rowKey="id"
        size="small"
        loading={log.isFetching && !log.data}
        dataSource={log.data?.voList ?? []}
        pagination={tablePagination(state.currentPage, state.pageSize, log.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        columns={[
          { title: t('printing:log.time'), width: 160, render: (_, r) => <DateTime value={r.createdAt} /> },
          { title: t('printing:log.orderCode'), dataIndex: 'orderCode', width: 170 },
          { title: t('printing:log.expressCompany'), dataIndex: 'expressCompanyCode', width: 100 },
          { title: t('printing:log.expressNo'), dataIndex: 'expressNo', width: 170 },
          { title: t('printing:log.template'), dataIndex: 'templateName' },
          { title: t('printing:log.source'), width: 120, render: (_, r) => t(`printing:sources.${r.source}`) },
          { title: t('printing:log.user'), dataIndex: 'createdByName', width: 120 },
        ]}
      />
    </>
  );
}
