// New live session, or edit one: name, store, anchor (or a new one typed here), on air from … to.
import { useEffect, useState } from 'react';
import { Alert, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LIVE_MAX_HOURS, type LiveRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { requiredRule } from '../../../ui/form-rules';
import { StoreSelect } from '../../stores/components/store-select';
import { liveApi } from './api';
import { liveErrorMessage, useAnchors, useLiveMutation } from './queries';

interface FormValues {
  liveName: string;
  storeId: number;
  anchorId?: number | null;
  range: [Dayjs, Dayjs];
  remark?: string;
}

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function LiveModal({ live, onClose }: { live: LiveRow | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [error, setError] = useState<string | null>(null);
  const editing = live && live !== 'new' ? live : null;
  const anchors = useAnchors(false);
  const save = useLiveMutation(
    (values: FormValues) => {
      const body = {
        liveName: values.liveName,
        storeId: values.storeId,
        anchorId: values.anchorId ?? null,
        startTime: values.range[0].format(FORMAT),
        endTime: values.range[1].format(FORMAT),
        remark: values.remark ?? null,
      };
      return editing ? liveApi.update({ ...body, id: editing.id, version: editing.version }) : liveApi.create(body);
    },
    { toastErrors: false },
  );

  useEffect(() => {
    if (!live) return;
    setError(null);
    form.resetFields();
    if (editing)
      form.setFieldsValue({ liveName: editing.liveName, storeId: editing.storeId, anchorId: editing.anchorId, range: [dayjs(editing.startTime), dayjs(editing.endTime)], remark: editing.remark ?? '' });
    // Only when the dialog opens on another session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live]);

  // A choice (a store, a time range) is not text: required without the text rule's whitespace check.
  const chosen = { required: true, message: t('common:validation.required') };

  const submit = async () => {
    const values = await form.validateFields();
    setError(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(t(editing ? 'live:form.updated' : 'live:form.created', { name: saved.liveName }));
        onClose();
      },
      onError: (e) => setError(liveErrorMessage(e)),
    });
  };

  // Anchors that are disabled stay shown on the session that names them.
  const anchorOptions = (anchors.data ?? []).map((a) => ({ value: a.id, label: a.name }));
  if (editing?.anchorId && !anchorOptions.some((o) => o.value === editing.anchorId)) anchorOptions.push({ value: editing.anchorId, label: editing.anchormanName ?? String(editing.anchorId) });

  return (
    <Modal
      open={!!live}
      title={editing ? t('live:form.editTitle', { name: editing.liveName }) : t('live:list.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      maskClosable={false}
      destroyOnHidden
      width={560}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form form={form} layout="vertical">
        <Form.Item name="liveName" label={t('live:fields.liveName')} rules={[requiredRule(), { max: 60 }]}>
          <Input maxLength={60} placeholder={t('live:form.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="storeId" label={t('live:fields.store')} rules={[chosen]}>
          <StoreSelect aria-label={t('live:fields.store')} />
        </Form.Item>
        <Form.Item name="anchorId" label={t('live:fields.anchor')} extra={t('live:form.anchorHint')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} aria-label={t('live:fields.anchor')} loading={anchors.isFetching} options={anchorOptions} />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('live:fields.onAir')}
          extra={t('live:form.rangeHint', { hours: LIVE_MAX_HOURS })}
          rules={[
            chosen,
            {
              validator: (_, value: [Dayjs, Dayjs] | undefined) => {
                if (!value) return Promise.resolve();
                if (!value[1].isAfter(value[0])) return Promise.reject(new Error(t('live:form.endBeforeStart')));
                if (value[1].diff(value[0], 'hour', true) > LIVE_MAX_HOURS) return Promise.reject(new Error(t('live:form.tooLong', { hours: LIVE_MAX_HOURS })));
                return Promise.resolve();
              },
            },
          ]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={t('live:fields.remark')} rules={[{ max: 200 }]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
