// Login records: time, address, browser and result of each sign-in of the domain.
import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LOGIN_RESULTS, type LoginLogRow } from '@openseller/core';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { useLoginLog } from '../queries';
import type { LoginLogFilter } from '../api';

const RESULT_COLORS: Record<string, string> = { SUCCESS: 'green', BAD_CREDENTIALS: 'red', LOCKED: 'volcano', STOPPED: 'default', CAPTCHA_REQUIRED: 'orange', CAPTCHA_WRONG: 'orange', RATE_LIMITED: 'magenta' };

export default function LoginRecordPage() {
  const { t } = useTranslation();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, loginName: '', result: '', timeFrom: '', timeTo: '' });
  const filter: LoginLogFilter = {
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.loginName ? { loginName: state.loginName } : {}),
    ...(state.result ? { result: state.result as LoginLogFilter['result'] } : {}),
    ...(state.timeFrom ? { timeFrom: state.timeFrom } : {}),
    ...(state.timeTo ? { timeTo: state.timeTo } : {}),
  };
  const { data, isFetching } = useLoginLog(filter);
  const [form] = Form.useForm<{ loginName?: string; result?: string; range?: [Dayjs, Dayjs] }>();
  const [initial] = useState(() => ({ loginName: state.loginName || undefined, result: state.result || undefined }));

  return (
    <>
      <PageTitle title={t('nav:routes.loginRecord')} />
      <Card>
        <Form
          form={form}
          layout="inline"
          initialValues={initial}
          onFinish={(v) =>
            setState({
              currentPage: 1,
              loginName: v.loginName?.trim() ?? '',
              result: v.result ?? '',
              timeFrom: v.range ? v.range[0].startOf('day').format('YYYY-MM-DD HH:mm:ss') : '',
              timeTo: v.range ? v.range[1].endOf('day').format('YYYY-MM-DD HH:mm:ss') : '',
            })
          }
          style={{ marginBottom: 16, rowGap: 8 }}
        >
          <Form.Item name="loginName" label={t('auth:username')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="result" label={t('accounts:loginLog.result')}>
            <Select allowClear style={{ width: 180 }} options={LOGIN_RESULTS.map((r) => ({ value: r, label: t(`accounts:loginResults.${r}`) }))} />
          </Form.Item>
          <Form.Item name="range" label={t('accounts:loginLog.time')}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('common:actions.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setState({ currentPage: 1, loginName: '', result: '', timeFrom: '', timeTo: '' });
              }}
            >
              {t('common:actions.reset')}
            </Button>
          </Space>
        </Form>
        <Table<LoginLogRow>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.voList ?? []}
          pagination={tablePagination(state.currentPage, state.pageSize, data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
          columns={[
            { title: t('accounts:loginLog.time'), dataIndex: 'createdAt', width: 180, render: (v: string) => <DateTime value={v} /> },
            { title: t('auth:username'), dataIndex: 'loginName', width: 180 },
            { title: t('accounts:loginLog.ip'), dataIndex: 'ip', width: 160 },
            {
              title: t('accounts:loginLog.userAgent'),
              dataIndex: 'userAgent',
              ellipsis: { showTitle: false },
              render: (v: string) => (
                <Tooltip title={v} placement="topLeft">
                  {v || '-'}
                </Tooltip>
              ),
            },
            { title: t('accounts:loginLog.result'), dataIndex: 'result', width: 160, render: (v: string) => <Tag color={RESULT_COLORS[v]}>{t(`accounts:loginResults.${v}`)}</Tag> },
          ]}
        />
      </Card>
    </>
  );
}
