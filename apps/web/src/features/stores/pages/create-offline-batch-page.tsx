// New offline stores (/config/storemanagement/createofflinebatch): several names at once with a
// shared contact and address; all are created or none, and a refused name is marked in place.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SenderAddressMode } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { requiredRule } from '../../../ui/form-rules';
import { PageTitle } from '../../../ui/page-title';
import { leaveWithoutAsking, useUnsavedChanges } from '../../../ui/unsaved-changes';
import { storesApi } from '../api';
import { SenderModeField } from '../components/store-config-modal';
import { useStoresMutation } from '../queries';
import { StoreContactFields } from '../components/store-contact-fields';

interface Values {
  names: string[];
  contact?: string;
  tel?: string;
  phone?: string;
  province?: string;
  city?: string;
  county?: string;
  street?: string;
  senderAddressMode: SenderAddressMode;
}

const MAX_NAMES = 50;

export default function CreateOfflineBatchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  // Typed in by the user and not created yet.
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);
  const save = useStoresMutation((values: Values) => storesApi.createOfflineBatch({ ...values, names: values.names.map((n) => n.trim()) }));

  return (
    <>
      <PageTitle title={t('nav:routes.createOfflineBatch')} extra={<Link to="/config/storemanagement">{t('common:actions.back')}</Link>} />
      <Card style={{ maxWidth: 880 }}>
        <Typography.Paragraph type="secondary">{t('stores:batch.intro', { max: MAX_NAMES })}</Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form
          form={form}
          layout="vertical"
          initialValues={{ names: ['', ''], senderAddressMode: 'STORE_STORE' }}
          onValuesChange={() => setChanged(true)}
          onFinish={(values) => {
            setError(null);
            save.mutate(values, {
              onSuccess: (stores) => {
                toast.success(t('stores:batch.created', { count: stores.length }));
                leaveWithoutAsking(() => navigate('/config/storemanagement?storeType=2'));
              },
              onError: (e) => {
                if (!(e instanceof ApiError)) return;
                const field = typeof e.params.field === 'string' ? e.params.field : e.fields[0]?.field;
                const index = field?.match(/^names\.(\d+)$/)?.[1];
                if (index !== undefined) form.setFields([{ name: ['names', Number(index)], errors: [errorMessage(e)] }]);
                else setError(errorMessage(e));
              },
            });
          }}
        >
          <Form.List name="names" rules={[{ validator: async (_, names: string[]) => (names?.length ? undefined : Promise.reject(new Error(t('stores:batch.atLeastOne')))) }]}>
            {(fields, { add, remove }, { errors }) => (
              <>
                <Typography.Text strong>{t('stores:batch.names')}</Typography.Text>
                {fields.map((field, index) => (
                  <Space key={field.key} align="start" style={{ display: 'flex', marginTop: 8 }}>
                    <Form.Item name={field.name} rules={[requiredRule(), { max: 60 }]} style={{ marginBottom: 0 }}>
                      <Input placeholder={t('stores:batch.namePlaceholder', { n: index + 1 })} aria-label={t('stores:batch.namePlaceholder', { n: index + 1 })} style={{ width: 420 }} />
                    </Form.Item>
                    {fields.length > 1 && <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('common:actions.delete')} onClick={() => remove(field.name)} />}
                  </Space>
                ))}
                <Form.ErrorList errors={errors} />
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} disabled={fields.length >= MAX_NAMES} style={{ margin: '12px 0 20px' }}>
                  {t('stores:batch.addName')}
                </Button>
              </>
            )}
          </Form.List>
          <Typography.Title level={5}>{t('stores:batch.shared')}</Typography.Title>
          <StoreContactFields />
          <SenderModeField />
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('stores:batch.submit')}
            </Button>
            <Button onClick={() => navigate('/config/storemanagement')}>{t('common:actions.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </>
  );
}
