// /sms (spec 01 §2.3, §6: main accounts only): the texts sent to buyers on shipment, delivery and
// refund. Each template has its variables and an enable switch (nothing is sent without one the
// seller enabled); the send log lists every text with the counts.
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Statistic, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BUYER_SMS_CONTENT_MAX, BUYER_SMS_EVENTS, type BuyerSmsEvent, type BuyerSmsLogRow, type BuyerSmsTemplate } from '@openseller/core';
import { useSession } from '../../../app/session';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { requiredRule } from '../../../ui/form-rules';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { guideKeys, guidesApi } from '../api';

export default function SmsPage() {
  const { t } = useTranslation('guides');
  const session = useSession();
  const [state, setState] = useListState({ tab: 'templates' });
  if (!session.isMain) return <Navigate to="/" replace />;
  return (
    <>
      <PageTitle title={t('sms.title')} />
      <Tabs
        activeKey={state.tab}
        onChange={(tab) => setState({ tab })}
        items={[
          { key: 'templates', label: t('sms.templates'), children: <Templates /> },
          { key: 'log', label: t('sms.log'), children: <SendLog /> },
        ]}
      />
    </>
  );
}

function Templates() {
  const { t } = useTranslation('guides');
  const list = useQuery({ queryKey: guideKeys.sms, queryFn: guidesApi.smsTemplates });
  if (list.isError) return <Alert type="error" showIcon message={t('sms.loadFailed')} action={<Button onClick={() => list.refetch()}>{t('common:actions.retry')}</Button>} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Alert type="info" showIcon message={t('sms.explain')} />
      <Row gutter={[16, 16]}>
        {(list.data?.voList ?? []).map((tpl) => (
          <Col key={tpl.event} xs={24} xl={8}>
            <TemplateCard template={tpl} />
          </Col>
        ))}
      </Row>
      {list.isPending && <Card loading />}
    </Space>
  );
}

interface TemplateValues {
  content: string;
  enabled: boolean;
}

function TemplateCard({ template }: { template: BuyerSmsTemplate }) {
  const { t } = useTranslation('guides');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TemplateValues>();
  const [error, setError] = useState<string | null>(null);
  const content = Form.useWatch('content', form) ?? template.content;
  const save = useMutation({
    mutationFn: (values: TemplateValues) => guidesApi.saveSmsTemplate({ event: template.event, content: values.content, enabled: values.enabled, ...(template.id === null ? {} : { version: template.version }) }),
    onSuccess: (saved) => {
      toast.success(t(saved.enabled ? 'sms.savedEnabled' : 'sms.savedDisabled'));
      setError(null);
      void queryClient.invalidateQueries({ queryKey: guideKeys.sms });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fields.length) form.setFields(e.fields.map((f) => ({ name: f.field as keyof TemplateValues, errors: [f.message] })));
      setError(e instanceof ApiError ? errorMessage(e) : String(e));
    },
  });
  const insert = (variable: string) => form.setFieldValue('content', `${form.getFieldValue('content') ?? ''}{${variable}}`);
  return (
    <Card
      title={t(`sms.events.${template.event}`)}
      data-event={template.event}
      extra={template.enabled ? <Tag color="success">{t('sms.enabled')}</Tag> : <Tag>{t('sms.disabled')}</Tag>}
    >
      <Form form={form} layout="vertical" initialValues={{ content: template.content, enabled: template.enabled }} onFinish={(v) => save.mutate(v)} key={`${template.event}-${template.version}`}>
        <Form.Item name="content" label={t('sms.content')} rules={[requiredRule()]} extra={t('sms.length', { count: content.length, max: BUYER_SMS_CONTENT_MAX })}>
          <Input.TextArea rows={4} maxLength={BUYER_SMS_CONTENT_MAX} aria-label={t('sms.contentOf', { event: t(`sms.events.${template.event}`) })} />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('sms.variables')}{' '}
          {template.variables.map((v) => (
            <Tag key={v} style={{ cursor: 'pointer' }} onClick={() => insert(v)}>
              {`{${v}}`} {t(`sms.variableNames.${v}`)}
            </Tag>
          ))}
        </Typography.Paragraph>
        <Form.Item name="enabled" label={t('sms.enable')} valuePropName="checked">
          <Switch aria-label={t('sms.enableOf', { event: t(`sms.events.${template.event}`) })} />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('sms.save')}
        </Button>
      </Form>
    </Card>
  );
}

function SendLog() {
  const { t } = useTranslation('guides');
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, event: '', mobile: '', orderCode: '' });
  const filter = {
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.event ? { event: state.event as BuyerSmsEvent } : {}),
    ...(state.mobile ? { mobile: state.mobile } : {}),
    ...(state.orderCode ? { orderCode: state.orderCode } : {}),
  };
  const list = useQuery({ queryKey: guideKeys.smsLog(filter), queryFn: () => guidesApi.smsLog(filter), placeholderData: (p) => p });
  const counts = useQuery({ queryKey: [...guideKeys.sms, 'counts'], queryFn: guidesApi.smsCounts });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card loading={counts.isPending}>
        <Row gutter={16}>
          <Col span={6}>
            <Statistic title={t('sms.total')} value={counts.data?.total ?? 0} />
          </Col>
          <Col span={6}>
            <Statistic title={t('sms.today')} value={counts.data?.today ?? 0} />
          </Col>
          {(counts.data?.byEvent ?? []).map((e) => (
            <Col span={4} key={e.event}>
              <Statistic title={t(`sms.events.${e.event}`)} value={e.total} />
            </Col>
          ))}
        </Row>
      </Card>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            aria-label={t('sms.event')}
            style={{ width: 180 }}
            value={state.event}
            onChange={(event) => setState({ event, currentPage: 1 })}
            options={[{ value: '', label: t('sms.allEvents') }, ...BUYER_SMS_EVENTS.map((e) => ({ value: e, label: t(`sms.events.${e}`) }))]}
          />
          <Input.Search allowClear defaultValue={state.mobile} placeholder={t('sms.mobile')} aria-label={t('sms.mobile')} onSearch={(mobile) => setState({ mobile: mobile.trim(), currentPage: 1 })} style={{ width: 200 }} />
          <Input.Search allowClear defaultValue={state.orderCode} placeholder={t('sms.orderCode')} aria-label={t('sms.orderCode')} onSearch={(orderCode) => setState({ orderCode: orderCode.trim(), currentPage: 1 })} style={{ width: 220 }} />
        </Space>
        <Table<BuyerSmsLogRow>
          rowKey="id"
          loading={list.isFetching && !list.data}
          dataSource={list.data?.voList ?? []}
          locale={{ emptyText: t('sms.noLog') }}
          pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
          columns={[
            { title: t('sms.time'), dataIndex: 'createdAt', width: 170, render: (v: string) => <DateTime value={v} /> },
            { title: t('sms.event'), dataIndex: 'event', width: 130, render: (v: BuyerSmsEvent) => <Tag>{t(`sms.events.${v}`)}</Tag> },
            { title: t('sms.orderCode'), dataIndex: 'orderCode', width: 180 },
            { title: t('sms.mobile'), dataIndex: 'mobile', width: 130 },
            { title: t('sms.content'), dataIndex: 'content' },
          ]}
        />
      </Card>
    </Space>
  );
}
