// Root account: system notices (spec 01 §2.2 /system/systemNotice, 02 §7.15) — the list with each
// notice's play state and read count, the editor (board, directional, news; play window and
// frequency; content previewed as the server stores it), publish, stop play, delete; and the
// emergency notice page.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, DatePicker, Form, Input, Modal, Popconfirm, Radio, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { DOMAIN_LEVELS, NOTICE_PLAY_FREQUENCIES, NOTICE_PLAY_STATUSES, NOTICE_TYPES, type NoticePlayStatus, type NoticeRow, type NoticeType } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { systemApi } from '../../system/api';
import { noticeKeys, noticesApi } from '../api';
import { NoticeHtml } from '../components/notice-html';

const STATUS_COLORS: Record<NoticePlayStatus, string> = { DRAFT: 'default', WAITING: 'blue', PLAYING: 'green', ENDED: 'default', STOPPED: 'red' };
const TYPE_COLORS: Record<NoticeType, string> = { BOARD: 'gold', DIRECTIONAL: 'purple', NEWS: 'blue' };

export default function SystemNoticePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, keyword: '', type: '', playStatus: '' });
  const filter = {
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.type ? { type: state.type as NoticeType } : {}),
    ...(state.playStatus ? { playStatus: state.playStatus as NoticePlayStatus } : {}),
  };
  const list = useQuery({ queryKey: noticeKeys.list(filter), queryFn: () => noticesApi.search(filter), placeholderData: (p) => p });
  const [editing, setEditing] = useState<NoticeRow | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });

  const stop = useMutation({
    mutationFn: (row: NoticeRow) => noticesApi.stopPlay({ id: row.id, version: row.version }),
    onSuccess: () => {
      toast.success(t('notices:admin.stopped'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (row: NoticeRow) => noticesApi.remove(row.id),
    onSuccess: () => {
      toast.success(t('notices:admin.deleted'));
      void refresh();
    },
  });

  return (
    <>
      <PageTitle
        title={t('nav:routes.systemNotice')}
        extra={
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('notices:admin.create')}
          </Button>
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search allowClear defaultValue={state.keyword} placeholder={t('notices:fields.title')} aria-label={t('notices:fields.title')} onSearch={(v) => setState({ keyword: v.trim(), currentPage: 1 })} style={{ width: 240 }} />
          <Select
            allowClear
            aria-label={t('notices:fields.type')}
            placeholder={t('notices:fields.type')}
            value={state.type || undefined}
            onChange={(v) => setState({ type: v ?? '', currentPage: 1 })}
            options={NOTICE_TYPES.map((v) => ({ value: v, label: t(`notices:types.${v}`) }))}
            style={{ width: 160 }}
          />
          <Select
            allowClear
            aria-label={t('notices:fields.playStatus')}
            placeholder={t('notices:fields.playStatus')}
            value={state.playStatus || undefined}
            onChange={(v) => setState({ playStatus: v ?? '', currentPage: 1 })}
            options={NOTICE_PLAY_STATUSES.map((v) => ({ value: v, label: t(`notices:playStatuses.${v}`) }))}
            style={{ width: 160 }}
          />
        </Space>
        {list.isError && <Alert type="error" showIcon message={t('notices:admin.loadFailed')} style={{ marginBottom: 16 }} />}
        <Table<NoticeRow>
          rowKey="id"
          loading={list.isFetching && !list.data}
          dataSource={list.data?.voList ?? []}
          locale={{ emptyText: t('notices:admin.empty') }}
          pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
          expandable={{ expandedRowRender: (row) => <NoticeHtml html={row.content} /> }}
          columns={[
            { title: t('notices:fields.title'), dataIndex: 'title', ellipsis: true },
            { title: t('notices:fields.type'), dataIndex: 'type', width: 110, render: (v: NoticeType) => <Tag color={TYPE_COLORS[v]}>{t(`notices:types.${v}`)}</Tag> },
            { title: t('notices:fields.playStatus'), dataIndex: 'playStatus', width: 100, render: (v: NoticePlayStatus) => <Tag color={STATUS_COLORS[v]}>{t(`notices:playStatuses.${v}`)}</Tag> },
            {
              title: t('notices:fields.window'),
              key: 'window',
              width: 180,
              render: (_, r) => (
                <span>
                  <DateTime value={r.playStartTime} />
                  <br />
                  <DateTime value={r.playEndTime} />
                </span>
              ),
            },
            { title: t('notices:fields.playFrequency'), dataIndex: 'playFrequency', width: 110, render: (v: string) => t(`notices:frequencies.${v}`) },
            {
              title: t('notices:fields.audience'),
              key: 'audience',
              render: (_, r) =>
                r.type !== 'DIRECTIONAL' ? (
                  t('notices:admin.allSellers')
                ) : (
                  <Space size={[4, 4]} wrap>
                    {r.directLevels.map((l) => (
                      <Tag key={l} color="gold">
                        {t(`common:levels.${l}`)}
                      </Tag>
                    ))}
                    {r.directDomains.map((d) => (
                      <Tag key={d.id}>
                        {d.name} ({d.code})
                      </Tag>
                    ))}
                  </Space>
                ),
            },
            { title: t('notices:fields.readCount'), dataIndex: 'readCount', width: 90, align: 'right' },
            { title: t('notices:fields.publishTime'), dataIndex: 'publishTime', width: 150, render: (v: string | null) => <DateTime value={v} /> },
            {
              title: t('common:actions.title'),
              key: 'actions',
              width: 190,
              render: (_, r) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    {t('notices:admin.edit')}
                  </Button>
                  {r.status === 'PUBLISHED' && r.playStatus !== 'ENDED' && (
                    <Popconfirm title={t('notices:admin.confirmStop')} onConfirm={() => stop.mutate(r)}>
                      <Button type="link" size="small">
                        {t('notices:admin.stop')}
                      </Button>
                    </Popconfirm>
                  )}
                  <Popconfirm title={t('notices:admin.confirmDelete')} onConfirm={() => remove.mutate(r)}>
                    <Button type="link" size="small" danger>
                      {t('notices:admin.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <EmergencyNoticeCard />
      {editing && (
        <NoticeEditor
          notice={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}

interface EditorValues {
  type: NoticeType;
  title: string;
  window: [Dayjs, Dayjs] | null;
  playFrequency: (typeof NOTICE_PLAY_FREQUENCIES)[number];
  directDomainIds: number[];
  directLevels: string[];
  content: string;
}

/** The content as the server will store it, asked for once typing pauses. */
function useServerPreview(content: string): string {
  const [preview, setPreview] = useState('');
  useEffect(() => {
    if (!content.trim()) {
      setPreview('');
      return;
    }
    const timer = setTimeout(() => {
      noticesApi.preview(content).then(
        (a) => setPreview(a.content),
        () => setPreview(''),
      );
    }, 500);
    return () => clearTimeout(timer);
  }, [content]);
  return preview;
}

function NoticeEditor({ notice, onClose, onSaved }: { notice: NoticeRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditorValues>();
  const [error, setError] = useState<string | null>(null);
  const [domainSearch, setDomainSearch] = useState('');
  const type = Form.useWatch('type', form) ?? notice?.type ?? 'BOARD';
  const content = Form.useWatch('content', form) ?? '';
  const preview = useServerPreview(content);
  const domains = useQuery({
    queryKey: ['notices', 'domain-options', domainSearch],
    queryFn: () => systemApi.searchDomains({ currentPage: 1, pageSize: 50, ...(domainSearch ? { keyword: domainSearch } : {}) }),
    enabled: type === 'DIRECTIONAL',
  });
  const domainOptions = [
    ...(notice?.directDomains ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.code})` })),
    ...(domains.data?.voList ?? []).filter((d) => !notice?.directDomainIds.includes(d.id)).map((d) => ({ value: d.id, label: `${d.name} (${d.domainCode})` })),
  ];

  const save = useMutation({
    mutationFn: async ({ values, publish }: { values: EditorValues; publish: boolean }) => {
      const [start, end] = values.window!;
      const base = {
        ...(notice ? { id: notice.id, version: notice.version } : {}),
        title: values.title,
        content: values.content,
        playFrequency: values.playFrequency,
        // An instant with its offset: the browser's and the server's time zones may differ.
        playStartTime: start.toISOString(),
        playEndTime: end.toISOString(),
        publish,
      };
      if (values.type === 'DIRECTIONAL') return noticesApi.publishDirectNotice({ ...base, directDomainIds: values.directDomainIds ?? [], directLevels: (values.directLevels ?? []) as (typeof DOMAIN_LEVELS)[number][] });
      return noticesApi.publishMessage({ ...base, type: values.type });
    },
    onSuccess: (_, { publish }) => {
      toast.success(t(publish ? 'notices:admin.published' : 'notices:admin.savedDraft'));
      onSaved();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fields.length) {
        const byField: Record<string, string> = { playEndTime: 'window', playStartTime: 'window' };
        form.setFields(e.fields.map((f) => ({ name: (byField[f.field] ?? f.field.split('.')[0]!) as keyof EditorValues, errors: [f.message] })));
      }
      setError(e instanceof ApiError ? errorMessage(e) : String(e));
    },
  });

  const submit = async (publish: boolean) => {
    setError(null);
    const values = await form.validateFields().catch(() => null);
    if (values) save.mutate({ values, publish });
  };

  return (
    <Modal
      open
      width={860}
      maskClosable={false}
      title={notice ? t('notices:admin.editTitle') : t('notices:admin.createTitle')}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>,
        <Button key="draft" loading={save.isPending} onClick={() => void submit(false)}>
          {t('notices:admin.saveDraft')}
        </Button>,
        <Button key="publish" type="primary" loading={save.isPending} onClick={() => void submit(true)}>
          {t('notices:admin.publish')}
        </Button>,
      ]}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form<EditorValues>
        form={form}
        layout="vertical"
        initialValues={{
          type: notice?.type ?? 'BOARD',
          title: notice?.title ?? '',
          window: notice ? [dayjs(notice.playStartTime), dayjs(notice.playEndTime)] : [dayjs().startOf('minute'), dayjs().add(7, 'day').startOf('minute')],
          playFrequency: notice?.playFrequency ?? 'ONCE',
          directDomainIds: notice?.directDomainIds ?? [],
          directLevels: notice?.directLevels ?? [],
          content: notice?.content ?? '',
        }}
      >
        <Form.Item name="type" label={t('notices:fields.type')} extra={t('notices:admin.typeHelp')}>
          <Radio.Group
            options={NOTICE_TYPES.map((v) => ({
              value: v,
              label: t(`notices:types.${v}`),
              // A directional notice stays directional, a board or news notice stays one of those.
              disabled: !!notice && (v === 'DIRECTIONAL') !== (notice.type === 'DIRECTIONAL'),
            }))}
          />
        </Form.Item>
        <Form.Item name="title" label={t('notices:fields.title')} rules={[{ required: true, whitespace: true, message: t('common:validation.required') }, { max: 100 }]}>
          <Input maxLength={100} showCount />
        </Form.Item>
        <Space align="start" wrap size="large">
          <Form.Item
            name="window"
            label={t('notices:fields.window')}
            rules={[
              { required: true, message: t('common:validation.required') },
              {
                validator: (_, v: [Dayjs, Dayjs] | null) => (v && !v[1].isAfter(v[0]) ? Promise.reject(new Error(t('notices:admin.windowOrder'))) : Promise.resolve()),
              },
            ]}
          >
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="playFrequency" label={t('notices:fields.playFrequency')}>
            <Select style={{ width: 200 }} options={NOTICE_PLAY_FREQUENCIES.map((v) => ({ value: v, label: t(`notices:frequencies.${v}`) }))} />
          </Form.Item>
        </Space>
        {type === 'DIRECTIONAL' && (
          <>
            <Form.Item name="directLevels" label={t('notices:fields.directLevels')}>
              <Checkbox.Group options={DOMAIN_LEVELS.map((l) => ({ value: l, label: t(`common:levels.${l}`) }))} />
            </Form.Item>
            <Form.Item
              name="directDomainIds"
              label={t('notices:fields.directDomains')}
              dependencies={['directLevels']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v: number[] | undefined) => ((v?.length ?? 0) + ((getFieldValue('directLevels') as string[] | undefined)?.length ?? 0) > 0 ? Promise.resolve() : Promise.reject(new Error(t('notices:admin.audienceRequired')))),
                }),
              ]}
            >
              <Select mode="multiple" showSearch filterOption={false} onSearch={setDomainSearch} loading={domains.isFetching} options={domainOptions} placeholder={t('notices:admin.searchDomains')} />
            </Form.Item>
          </>
        )}
        <Form.Item name="content" label={t('notices:fields.content')} extra={t('notices:admin.contentHelp')} rules={[{ required: true, whitespace: true, message: t('common:validation.required') }]}>
          <Input.TextArea rows={8} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Typography.Text type="secondary">{t('notices:admin.preview')}</Typography.Text>
        <Card size="small" style={{ marginTop: 4, minHeight: 60 }} aria-label={t('notices:admin.preview')}>
          {preview ? <NoticeHtml html={preview} /> : <Typography.Text type="secondary">{t('notices:admin.previewEmpty')}</Typography.Text>}
        </Card>
      </Form>
    </Modal>
  );
}

/** The emergency notice page: switched on, its content is shown at the top of every seller's page. */
function EmergencyNoticeCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: noticeKeys.emergency, queryFn: noticesApi.emergencyNotice });
  const [enabled, setEnabled] = useState(false);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const preview = useServerPreview(content);
  useEffect(() => {
    if (current.data) {
      setEnabled(current.data.enabled);
      setContent(current.data.content);
    }
  }, [current.data]);
  const save = useMutation({
    mutationFn: () => noticesApi.saveEmergencyNotice({ enabled, content, version: current.data!.version }),
    onSuccess: (data) => {
      setError(null);
      queryClient.setQueryData(noticeKeys.emergency, data);
      void queryClient.invalidateQueries({ queryKey: noticeKeys.emergencyPage });
      toast.success(t('notices:emergency.saved'));
    },
    onError: (e) => setError(e instanceof ApiError ? errorMessage(e) : String(e)),
  });
  return (
    <Card title={t('notices:emergency.title')} style={{ marginTop: 16 }} loading={current.isPending}>
      <Typography.Paragraph type="secondary">{t('notices:emergency.explain')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Switch checked={enabled} onChange={setEnabled} aria-label={t('notices:emergency.enabled')} />
          <span>{t('notices:emergency.enabled')}</span>
          {current.data?.updateTime && (
            <Typography.Text type="secondary">
              {t('notices:emergency.updated')} <DateTime value={current.data.updateTime} />
            </Typography.Text>
          )}
        </Space>
        <Input.TextArea rows={4} value={content} onChange={(e) => setContent(e.target.value)} aria-label={t('notices:fields.content')} style={{ fontFamily: 'monospace' }} />
        {preview && (
          <Card size="small" aria-label={t('notices:admin.preview')}>
            <NoticeHtml html={preview} />
          </Card>
        )}
        <Button type="primary" loading={save.isPending} disabled={!current.data} onClick={() => save.mutate()}>
          {t('notices:emergency.save')}
        </Button>
      </Space>
    </Card>
  );
}
