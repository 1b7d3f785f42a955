// Root account: the jobs the product runs (order pull, stock push, tracking, warehouse poll, …),
// their last outcome and schedule, pause and resume, run now, a schedule change previewed with its
// next five fire times before it is saved; the run history, the queue consumers and the change log.
import { useState } from 'react';
import { Alert, Badge, Button, Card, Input, List, Modal, Popconfirm, Select, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminLogRow, ConsumerRow, JobInfo, JobRunRow } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { DateTime, RelativeTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { usePageVisible } from '../../../ui/use-page-visible';
import { adminApi } from '../api';

const seconds = (ms: number | null) => (ms === null ? '-' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

function JobsTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const visible = usePageVisible();
  const jobs = useQuery({ queryKey: ['admin-jobs'], queryFn: adminApi.jobs, refetchInterval: visible ? 10_000 : false });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<JobInfo | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin-jobs'] });
  const control = useMutation({
    mutationFn: ({ names, start }: { names: string[] | 'ALL'; start: boolean }) => (names === 'ALL' ? adminApi.controlAll(start) : adminApi.control(names, start)),
    onSuccess: (answer, v) => {
      toast.success(t(v.start ? 'admin:jobs.resumed' : 'admin:jobs.paused', { count: answer.changed.length }));
      setSelected([]);
      refresh();
    },
  });
  const runNow = useMutation({
    mutationFn: (name: string) => adminApi.runNow(name),
    onSuccess: () => {
      toast.success(t('admin:jobs.queuedNow'));
      setTimeout(refresh, 1500);
    },
  });
  const rows = jobs.data?.voList ?? [];
  const autoPaused = rows.filter((j) => j.pausedReason === 'FAILURES');
  return (
    <>
      {autoPaused.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('admin:jobs.autoPausedAlert', { names: autoPaused.map((j) => j.jobName).join(', '), count: jobs.data?.pauseAfterFailures ?? 5 })}
        />
      )}
      <Space wrap style={{ marginBottom: 16 }}>
        <Button disabled={!selected.length} loading={control.isPending} onClick={() => control.mutate({ names: selected, start: false })}>
          {t('admin:jobs.pauseSelected')}
        </Button>
        <Button disabled={!selected.length} loading={control.isPending} onClick={() => control.mutate({ names: selected, start: true })}>
          {t('admin:jobs.resumeSelected')}
        </Button>
        <Popconfirm title={t('admin:jobs.pauseAllConfirm')} onConfirm={() => control.mutate({ names: 'ALL', start: false })}>
          <Button danger>{t('admin:jobs.pauseAll')}</Button>
        </Popconfirm>
        <Button onClick={() => control.mutate({ names: 'ALL', start: true })}>{t('admin:jobs.resumeAll')}</Button>
        <Button onClick={refresh}>{t('admin:refresh')}</Button>
      </Space>
      <Table<JobInfo>
        rowKey="jobName"
        size="middle"
        loading={jobs.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1600 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        locale={{ emptyText: t('admin:jobs.empty') }}
        columns={[
          { title: t('admin:jobs.name'), dataIndex: 'jobName', width: 230, fixed: 'left', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          {
            title: t('admin:jobs.state'),
            width: 170,
            render: (_, j) =>
              j.running ? (
                <Badge status="processing" text={t('admin:jobs.running')} />
              ) : j.pausedReason === 'FAILURES' ? (
                <Tooltip title={j.lastError}>
                  <Tag color="red">{t('admin:jobs.autoPaused', { count: j.consecutiveFailures })}</Tag>
                </Tooltip>
              ) : j.paused ? (
                <Tag color="orange">{t('admin:jobs.pausedTag')}</Tag>
              ) : (
                <Badge status="success" text={t('admin:jobs.active')} />
              ),
          },
          {
            title: t('admin:jobs.schedule'),
            width: 170,
            render: (_, j) =>
              j.cron ? (
                <Space size={4}>
                  <Typography.Text code>{j.cron}</Typography.Text>
                  {j.defaultCron !== j.cron && <Tooltip title={t('admin:jobs.defaultWas', { cron: j.defaultCron ?? '-' })}>*</Tooltip>}
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('admin:jobs.onDemand')}</Typography.Text>
              ),
          },
          { title: t('admin:jobs.nextRun'), dataIndex: 'nextRunTime', width: 170, render: (v: string | null) => (v ? <DateTime value={v} /> : '-') },
          { title: t('admin:jobs.lastSuccess'), dataIndex: 'lastSuccessAt', width: 130, render: (v: string | null) => (v ? <RelativeTime value={v} /> : '-') },
          {
            title: t('admin:jobs.lastFailure'),
            width: 200,
            render: (_, j) =>
              j.lastFailureAt ? (
                <Tooltip title={j.lastError}>
                  <Space direction="vertical" size={0}>
                    <RelativeTime value={j.lastFailureAt} />
                    <Typography.Text type="danger" ellipsis style={{ maxWidth: 180 }}>
                      {j.lastError}
                    </Typography.Text>
                  </Space>
                </Tooltip>
              ) : (
                '-'
              ),
          },
          { title: t('admin:jobs.failuresInRow'), dataIndex: 'consecutiveFailures', width: 120, render: (v: number) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : 0) },
          { title: t('admin:jobs.duration'), dataIndex: 'lastDurationMs', width: 100, render: seconds },
          { title: t('admin:jobs.items'), dataIndex: 'lastItems', width: 80, render: (v: number | null) => v ?? '-' },
          { title: t('admin:jobs.queued'), dataIndex: 'queued', width: 80 },
          {
            title: t('common:actions.title'),
            width: 220,
            fixed: 'right',
            render: (_, j) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => control.mutate({ names: [j.jobName], start: j.paused })}>
                  {j.paused ? t('admin:jobs.resume') : t('admin:jobs.pause')}
                </Button>
                <Button type="link" size="small" disabled={j.running} loading={runNow.isPending && runNow.variables === j.jobName} onClick={() => runNow.mutate(j.jobName)}>
                  {t('admin:jobs.runNow')}
                </Button>
                <Button type="link" size="small" onClick={() => setEditing(j)}>
                  {t('admin:jobs.changeSchedule')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && <CronModal job={editing} onClose={() => setEditing(null)} onSaved={refresh} />}
    </>
  );
}

function CronModal({ job, onClose, onSaved }: { job: JobInfo; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(job.cron ?? job.defaultCron ?? '');
  const [preview, setPreview] = useState<{ timeStr: string; times: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = useMutation({
    mutationFn: (timeStr: string) => adminApi.previewCron(timeStr),
    onSuccess: (answer) => {
      setError(null);
      setPreview({ timeStr: answer.timeStr, times: answer.nextFireTimes });
    },
    onError: (e) => {
      setPreview(null);
      setError(e instanceof ApiError ? errorMessage(e) : String(e));
    },
  });
  const save = useMutation({
    mutationFn: () => adminApi.changeCron(job.jobName, text.trim()),
    onSuccess: () => {
      toast.success(t('common:saved'));
      onSaved();
      onClose();
    },
    onError: (e) => setError(e instanceof ApiError ? errorMessage(e) : String(e)),
  });
  // Saving needs the preview of exactly the text that is saved.
  const previewed = preview?.timeStr === text.trim();
  return (
    <Modal
      open
      title={t('admin:cron.title', { name: job.jobName })}
      onCancel={onClose}
      onOk={() => save.mutate()}
      okButtonProps={{ disabled: !previewed }}
      confirmLoading={save.isPending}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      maskClosable={false}
      width={560}
    >
      <p>{t('admin:cron.explain')}</p>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('admin:cron.expression')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => show.mutate(text.trim())}
          placeholder="*/5 * * * *"
          style={{ fontFamily: 'monospace' }}
        />
        <Button type="primary" ghost loading={show.isPending} onClick={() => show.mutate(text.trim())}>
          {t('admin:cron.preview')}
        </Button>
      </Space.Compact>
      {job.defaultCron && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('admin:cron.default', { cron: job.defaultCron })}{' '}
          <Button type="link" size="small" onClick={() => setText(job.defaultCron!)}>
            {t('admin:cron.useDefault')}
          </Button>
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} />}
      {preview && (
        <List
          style={{ marginTop: 12 }}
          size="small"
          header={<b>{t('admin:cron.nextFive')}</b>}
          bordered
          dataSource={preview.times}
          renderItem={(time) => (
            <List.Item>
              <DateTime value={time} />
            </List.Item>
          )}
        />
      )}
      {!previewed && !error && <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>{t('admin:cron.previewFirst')}</Typography.Paragraph>}
    </Modal>
  );
}

function RunsTab({ jobNames }: { jobNames: string[] }) {
  const { t } = useTranslation();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, jobName: '', status: '' });
  const filter = {
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.jobName ? { jobName: state.jobName } : {}),
    ...(state.status ? { status: state.status as 'RUNNING' | 'SUCCESS' | 'FAILURE' } : {}),
  };
  const runs = useQuery({ queryKey: ['admin-job-runs', filter], queryFn: () => adminApi.runs(filter), placeholderData: (p) => p });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select allowClear showSearch placeholder={t('admin:jobs.name')} style={{ width: 260 }} value={state.jobName || undefined} options={jobNames.map((n) => ({ value: n, label: n }))} onChange={(v) => setState({ jobName: v ?? '', currentPage: 1 })} />
        <Select
          allowClear
          placeholder={t('admin:runs.status')}
          style={{ width: 160 }}
          value={state.status || undefined}
          options={['RUNNING', 'SUCCESS', 'FAILURE'].map((s) => ({ value: s, label: t(`admin:runs.statuses.${s}`) }))}
          onChange={(v) => setState({ status: v ?? '', currentPage: 1 })}
        />
      </Space>
      <Table<JobRunRow>
        rowKey="id"
        size="middle"
        loading={runs.isFetching && !runs.data}
        dataSource={runs.data?.voList ?? []}
        locale={{ emptyText: t('admin:runs.empty') }}
        pagination={tablePagination(state.currentPage, state.pageSize, runs.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        columns={[
          { title: t('admin:jobs.name'), dataIndex: 'jobName', width: 230 },
          { title: t('admin:runs.trigger'), dataIndex: 'trigger', width: 110, render: (v: string) => t(`admin:runs.triggers.${v}`, { defaultValue: v }) },
          {
            title: t('admin:runs.status'),
            dataIndex: 'status',
            width: 100,
            render: (v: string) => <Tag color={v === 'SUCCESS' ? 'green' : v === 'FAILURE' ? 'red' : 'blue'}>{t(`admin:runs.statuses.${v}`, { defaultValue: v })}</Tag>,
          },
          { title: t('admin:runs.startedAt'), dataIndex: 'startedAt', width: 170, render: (v: string) => <DateTime value={v} /> },
          { title: t('admin:jobs.duration'), dataIndex: 'durationMs', width: 100, render: seconds },
          { title: t('admin:jobs.items'), dataIndex: 'items', width: 80, render: (v: number | null) => v ?? '-' },
          { title: t('admin:runs.error'), dataIndex: 'error', render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '') },
        ]}
      />
    </>
  );
}

function ConsumersTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 50, keyword: '' });
  const filter = { currentPage: state.currentPage, pageSize: state.pageSize, ...(state.keyword ? { keyword: state.keyword } : {}) };
  const list = useQuery({ queryKey: ['admin-consumers', filter], queryFn: () => adminApi.consumers(filter), placeholderData: (p) => p });
  const control = useMutation({
    mutationFn: ({ name, start }: { name: string; start: boolean }) => adminApi.controlConsumer(name, start),
    onSuccess: () => {
      toast.success(t('common:saved'));
      void client.invalidateQueries({ queryKey: ['admin-consumers'] });
      void client.invalidateQueries({ queryKey: ['admin-jobs'] });
    },
  });
  return (
    <>
      <p style={{ marginTop: 0 }}>{t('admin:consumers.explain')}</p>
      <Input.Search allowClear defaultValue={state.keyword} placeholder={t('admin:consumers.search')} onSearch={(k) => setState({ keyword: k.trim(), currentPage: 1 })} style={{ width: 300, marginBottom: 16 }} />
      <Table<ConsumerRow>
        rowKey="consumerName"
        size="middle"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.voList ?? []}
        pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        columns={[
          { title: t('admin:consumers.name'), dataIndex: 'consumerName', width: 260 },
          { title: t('admin:jobs.state'), dataIndex: 'state', width: 110, render: (v: string) => <Tag color={v === 'RUNNING' ? 'green' : 'orange'}>{t(`admin:consumers.states.${v}`)}</Tag> },
          { title: t('admin:consumers.workedHere'), dataIndex: 'workedHere', width: 120, render: (v: boolean) => (v ? t('admin:yes') : t('admin:no')) },
          { title: t('admin:consumers.waiting'), width: 90, render: (_, r) => r.created + r.retry },
          { title: t('admin:consumers.active'), dataIndex: 'active', width: 90 },
          { title: t('admin:consumers.completed'), dataIndex: 'completed', width: 110 },
          { title: t('admin:consumers.failed'), dataIndex: 'failed', width: 90, render: (v: number) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : 0) },
          {
            title: t('common:actions.title'),
            width: 110,
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => control.mutate({ name: r.consumerName, start: r.state === 'PAUSED' })}>
                {r.state === 'PAUSED' ? t('admin:jobs.resume') : t('admin:jobs.pause')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

export function AdminLogTable({ entityType }: { entityType?: 'job' | 'consumer' | 'feature' }) {
  const { t } = useTranslation();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10 });
  const filter = { currentPage: state.currentPage, pageSize: state.pageSize, ...(entityType ? { entityType } : {}) };
  const log = useQuery({ queryKey: ['admin-log', filter], queryFn: () => adminApi.adminLog(filter), placeholderData: (p) => p });
  return (
    <Table<AdminLogRow>
      rowKey="id"
      size="middle"
      loading={log.isFetching && !log.data}
      dataSource={log.data?.voList ?? []}
      locale={{ emptyText: t('admin:log.empty') }}
      pagination={tablePagination(state.currentPage, state.pageSize, log.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
      columns={[
        { title: t('admin:log.time'), dataIndex: 'createdAt', width: 170, render: (v: string) => <DateTime value={v} /> },
        { title: t('admin:log.who'), dataIndex: 'loginName', width: 120, render: (v: string | null) => v ?? <Tag color="red">{t('admin:log.system')}</Tag> },
        { title: t('admin:log.what'), width: 240, render: (_, r) => `${t(`admin:log.types.${r.entityType}`, { defaultValue: r.entityType })}: ${r.entityId}` },
        { title: t('admin:log.action'), dataIndex: 'action', width: 160, render: (v: string) => t(`admin:log.actions.${v}`, { defaultValue: v }) },
        { title: t('admin:log.before'), dataIndex: 'before', render: (v: unknown) => (v ? <Typography.Text code>{JSON.stringify(v)}</Typography.Text> : '') },
        { title: t('admin:log.after'), dataIndex: 'after', render: (v: unknown) => (v ? <Typography.Text code>{JSON.stringify(v)}</Typography.Text> : '') },
      ]}
    />
  );
}

export default function JobsPage() {
  const { t } = useTranslation();
  const jobs = useQuery({ queryKey: ['admin-jobs'], queryFn: adminApi.jobs });
  const names = (jobs.data?.voList ?? []).map((j) => j.jobName);
  return (
    <>
      <PageTitle title={t('nav:routes.systemJobs')} />
      <Card>
        <Tabs
          items={[
            { key: 'jobs', label: t('admin:tabs.jobs'), children: <JobsTab /> },
            { key: 'runs', label: t('admin:tabs.runs'), children: <RunsTab jobNames={names} /> },
            { key: 'consumers', label: t('admin:tabs.consumers'), children: <ConsumersTab /> },
            { key: 'log', label: t('admin:tabs.log'), children: <AdminLogTable /> },
          ]}
        />
      </Card>
    </>
  );
}
