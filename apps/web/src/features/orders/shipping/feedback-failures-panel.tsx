// The failed shipping feedbacks (tab 5 type=feedback; spec 02 §7.10 taobaoSoHFeedback, §3.5
// filters shippingTimeFrom/To): a table with the error of each, Retry (a new progress record,
// followed by the progress notice) and Close alert for the selected rows.
import { useState } from 'react';
import { Button, DatePicker, Form, Input, Space, Table, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type FeedbackFailureRow, type FeedbackFailureSearch } from '@openseller/core';
import { toast } from '../../../app/toast';
import { tablePagination } from '../../../ui/pagination';
import { commandErrorMessage } from '../commands/queries';
import { shippingApi } from './api';
import { FeedbackProgressNotice } from './feedback-progress-notice';
import { useFeedbackFailures, useFeedbackMutation } from './queries';

export function FeedbackFailuresPanel({ storeIdList }: { storeIdList?: number[] }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<FeedbackFailureSearch>({ currentPage: 1, pageSize: 10 });
  const [keywords, setKeywords] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [recordKey, setRecordKey] = useState<string | null>(null);
  const input: FeedbackFailureSearch = { ...query, ...(storeIdList?.length ? { storeIdList } : {}) };
  const list = useFeedbackFailures(input);
  const retry = useFeedbackMutation(shippingApi.retry);
  const close = useFeedbackMutation(shippingApi.close);

  function search() {
    setSelected([]);
    setQuery({
      currentPage: 1,
      pageSize: query.pageSize,
      ...(keywords.trim() ? { keywords: keywords.trim() } : {}),
      ...(range?.[0] ? { shippingTimeFrom: range[0].toDate() } : {}),
      ...(range?.[1] ? { shippingTimeTo: range[1].toDate() } : {}),
    });
  }

  function onRetry() {
    retry.mutate(selected, {
      onSuccess: (r) => {
        setSelected([]);
        if (r.recordKey) setRecordKey(r.recordKey);
        toast.success(t('ordershipping:failures.retried', { count: r.count }));
      },
      onError: (e) => toast.error(commandErrorMessage(e)),
    });
  }

  function onClose() {
    close.mutate(selected, {
      onSuccess: (r) => {
        setSelected([]);
        toast.success(t('ordershipping:failures.closed', { count: r.count }));
      },
      onError: (e) => toast.error(commandErrorMessage(e)),
    });
  }

  const data = list.data;
  return (
    <div>
      <FeedbackProgressNotice key={recordKey ?? 'none'} recordKey={recordKey} onClose={() => setRecordKey(null)} />
      <Form layout="inline" style={{ marginBottom: 12 }} onFinish={search}>
        <Form.Item label={t('ordershipping:failures.shippingTime')}>
          <DatePicker.RangePicker showTime value={range} onChange={(v) => setRange(v as [Dayjs | null, Dayjs | null] | null)} />
        </Form.Item>
        <Form.Item label={t('ordershipping:failures.keywords')}>
          <Input allowClear value={keywords} placeholder={t('ordershipping:failures.keywordsHint')} onChange={(e) => setKeywords(e.target.value)} style={{ width: 280 }} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit">{t('ordershipping:failures.search')}</Button>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={!selected.length} loading={retry.isPending} onClick={onRetry}>
          {t('ordershipping:failures.retry')}
        </Button>
        <Button disabled={!selected.length} loading={close.isPending} onClick={onClose}>
          {t('ordershipping:failures.close')}
        </Button>
      </Space>
      <Table<FeedbackFailureRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={data?.voList ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={tablePagination(query.currentPage, query.pageSize, data?.total ?? 0, (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })))}
        columns={[
          { title: t('ordershipping:failures.order'), dataIndex: 'erpOrderCode', width: 180 },
          { title: t('ordershipping:failures.platformNo'), dataIndex: 'platformNo', width: 180 },
          { title: t('ordershipping:failures.store'), dataIndex: 'storeName', width: 140 },
          { title: t('ordershipping:failures.express'), width: 200, render: (_, r) => `${r.expressCompanyCode} ${r.expressNo}` },
          { title: t('ordershipping:failures.shippedAt'), width: 170, render: (_, r) => formatDateTime(r.shippedAt) },
          { title: t('ordershipping:failures.attempts'), dataIndex: 'attempts', width: 80 },
          {
            title: t('ordershipping:failures.error'),
            render: (_, r) => (
              <Tooltip title={r.errorMsg}>
                <span>{r.errorMsg ?? ''}</span>
              </Tooltip>
            ),
          },
        ]}
      />
    </div>
  );
}
