// New online store (/config/storemanagement/createonlinestore): a marketplace store (choose the
// platform; the sandbox marketplace is listed first, clearly as a test platform) or a
// self-defined store (?type=3, with its own secret); ?platformCode= preselects a platform. With
// ?id= it edits any store (offline ones too): the platform and type are then fixed.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Form, Input, Result, Row, Segmented, Select, Space, Spin, Switch, Tag, Typography } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { findPlatform, PLATFORM_SANDBOX, type PlatformRow, type SenderAddressMode, type StoreRow } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { requiredRule } from '../../../ui/form-rules';
import { PageTitle } from '../../../ui/page-title';
import { leaveWithoutAsking, useUnsavedChanges } from '../../../ui/unsaved-changes';
import { storesApi } from '../api';
import { startAuthorization } from '../components/authorize';
import { SenderModeField } from '../components/store-config-modal';
import { StoreContactFields } from '../components/store-contact-fields';
import { PlatformTag } from '../components/store-tags';
import { platformLabel, usePlatforms, useStore, useStoresMutation } from '../queries';

interface Values {
  platformCode?: string;
  name: string;
  shortName?: string;
  contact?: string;
  tel?: string;
  phone?: string;
  province?: string;
  city?: string;
  county?: string;
  street?: string;
  website?: string;
  senderAddressMode: SenderAddressMode;
  deliverNotification: boolean;
}

/** Puts a server refusal next to its field; answers false when it names none of the form. */
function showOnField(form: ReturnType<typeof Form.useForm<Values>>[0], error: ApiError): boolean {
  const field = typeof error.params.field === 'string' ? error.params.field : error.fields[0]?.field;
  const known = ['platformCode', 'name', 'shortName', 'contact', 'tel', 'phone', 'province', 'city', 'county', 'street', 'website', 'senderAddressMode'];
  if (!field || !known.includes(field)) return false;
  const message = error.fields.find((f) => f.field === field && !error.params.field)?.message ?? errorMessage(error);
  form.setFields([{ name: field as keyof Values, errors: [message] }]);
  return true;
}

function platformOptions(platforms: PlatformRow[], t: (k: string) => string) {
  const option = (p: PlatformRow) => ({
    value: p.key,
    search: `${p.nameZh} ${p.nameEn} ${p.key}`,
    label: (
      <Space size={6}>
        <span>{platformLabel(p.key, platforms)}</span>
        {p.kind === 'sandbox' && (
          <Tag color="purple" icon={<ExperimentOutlined />} style={{ marginInlineEnd: 0 }}>
            {t('stores:platform.test')}
          </Tag>
        )}
        {p.kind === 'marketplace' && !p.connectorAvailable && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('stores:platform.notInBuildShort')}</Typography.Text>}
      </Space>
    ),
  });
  const online = platforms.filter((p) => p.kind === 'marketplace' || p.kind === 'sandbox');
  return [
    { label: t('stores:platform.groupTest'), options: online.filter((p) => p.kind === 'sandbox').map(option) },
    { label: t('stores:platform.groupMarketplaces'), options: online.filter((p) => p.kind === 'marketplace').map(option) },
  ];
}

export default function CreateOnlineStorePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const existing = useStore(id);
  const platforms = usePlatforms();
  const [kind, setKind] = useState<'online' | 'self'>(params.get('type') === '3' ? 'self' : 'online');
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  // Changed by the user since the page loaded (loading uses setFieldsValue, which is not a change).
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);
  const [created, setCreated] = useState<StoreRow | null>(null);
  const [authorizing, setAuthorizing] = useState(false);
  const chosen = Form.useWatch('platformCode', form);
  const chosenPlatform = platforms.data?.find((p) => p.key === chosen);

  useEffect(() => {
    if (existing.data) {
      const s = existing.data;
      form.setFieldsValue({
        platformCode: s.platformCode,
        name: s.name,
        shortName: s.shortName ?? '',
        contact: s.contact ?? '',
        tel: s.tel ?? '',
        phone: s.phone ?? '',
        province: s.province ?? '',
        city: s.city ?? '',
        county: s.county ?? '',
        street: s.street ?? '',
        website: s.website ?? '',
        senderAddressMode: s.senderAddressMode,
        deliverNotification: s.deliverNotification,
      });
    }
  }, [existing.data, form]);

  const save = useStoresMutation(async (values: Values) => {
    const common = {
      name: values.name.trim(),
      shortName: values.shortName,
      contact: values.contact,
      tel: values.tel,
      phone: values.phone,
      province: values.province,
      city: values.city,
      county: values.county,
      street: values.street,
      website: values.website,
    };
    if (id && existing.data) return storesApi.modify({ id, version: existing.data.version, ...common, branchStoreList: existing.data.branchStoreList });
    return storesApi.create({
      ...common,
      storeType: kind === 'self' ? 3 : 1,
      ...(kind === 'online' ? { platformCode: values.platformCode } : {}),
      senderAddressMode: values.senderAddressMode,
      deliverNotification: values.deliverNotification,
    });
  });

  if (id && existing.isPending) return <Spin />;
  const editing = !!id && !!existing.data;
  const title = editing ? t('stores:form.editTitle') : t('nav:routes.createOnlineStore');

  if (created) {
    const platform = findPlatform(created.platformCode);
    const createdPlatform = platforms.data?.find((p) => p.key === created.platformCode);
    const canAuthorize = created.storeType === 1 && createdPlatform?.connectorAvailable && createdPlatform.appCredentialsSet !== false;
    return (
      <>
        <PageTitle title={title} />
        <Card>
          <Result
            status="success"
            title={t('stores:form.created', { name: created.name })}
            subTitle={
              created.storeType === 3
                ? t('stores:form.createdSelf')
                : canAuthorize
                  ? t('stores:form.createdAuthorize')
                  : platform?.kind === 'marketplace'
                    ? t('stores:platform.notInBuild', { platform: platformLabel(created.platformCode) })
                    : undefined
            }
            extra={[
              canAuthorize && (
                <Button
                  key="authorize"
                  type="primary"
                  loading={authorizing}
                  onClick={async () => {
                    setAuthorizing(true);
                    try {
                      await startAuthorization(created.id);
                    } catch {
                      setAuthorizing(false);
                    }
                  }}
                >
                  {t('stores:actions.authorizeNow')}
                </Button>
              ),
              <Button key="list" onClick={() => navigate('/config/storemanagement')}>
                {t('stores:form.toList')}
              </Button>,
            ].filter(Boolean)}
          />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageTitle title={title} extra={<Link to="/config/storemanagement">{t('common:actions.back')}</Link>} />
      <Card style={{ maxWidth: 880 }}>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        {!editing && (
          <Segmented
            value={kind}
            onChange={(v) => setKind(v as 'online' | 'self')}
            style={{ marginBottom: 20 }}
            options={[
              { value: 'online', label: t('stores:form.kindOnline') },
              { value: 'self', label: t('stores:form.kindSelf') },
            ]}
          />
        )}
        <Form
          form={form}
          layout="vertical"
          initialValues={{ senderAddressMode: 'STORE_STORE', deliverNotification: false, platformCode: params.get('platformCode') ?? undefined }}
          onValuesChange={() => setChanged(true)}
          onFinish={(values) => {
            setError(null);
            save.mutate(values, {
              onSuccess: (store) => {
                if (editing) {
                  toast.success(t('common:saved'));
                  leaveWithoutAsking(() => navigate('/config/storemanagement'));
                } else {
                  // Created: what follows (authorize, back to the list) loses nothing.
                  setChanged(false);
                  setCreated(store);
                }
              },
              onError: (e) => {
                if (e instanceof ApiError && !showOnField(form, e)) setError(errorMessage(e));
              },
            });
          }}
        >
          {editing ? (
            <Form.Item label={t('stores:fields.platform')}>
              <Space>
                <PlatformTag code={existing.data!.platformCode} />
                <Tag>{t(`stores:storeTypes.${existing.data!.storeType}`)}</Tag>
              </Space>
            </Form.Item>
          ) : kind === 'online' ? (
            <>
              <Form.Item name="platformCode" label={t('stores:fields.platform')} rules={[{ required: true, message: t('stores:form.platformRequired') }]}>
                <Select showSearch optionFilterProp="search" placeholder={t('stores:form.platformPlaceholder')} options={platformOptions(platforms.data ?? [], t)} loading={platforms.isFetching} />
              </Form.Item>
              {chosenPlatform?.kind === 'sandbox' && <Alert type="info" showIcon icon={<ExperimentOutlined />} message={t('stores:platform.sandboxHint')} style={{ marginBottom: 16 }} />}
              {chosenPlatform?.kind === 'marketplace' && !chosenPlatform.connectorAvailable && (
                <Alert
                  type="warning"
                  showIcon
                  message={t('stores:platform.notInBuild', { platform: platformLabel(chosenPlatform.key, platforms.data) })}
                  action={
                    chosenPlatform.purchaseUrl && (
                      <a href={chosenPlatform.purchaseUrl} target="_blank" rel="noreferrer noopener">
                        {t('stores:platform.serviceMarket')}
                      </a>
                    )
                  }
                  style={{ marginBottom: 16 }}
                />
              )}
              {chosenPlatform?.kind === 'marketplace' && chosenPlatform.appCredentialsSet === false && (
                <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('stores:platform.noAppCredentialsLong', { platform: platformLabel(chosenPlatform.key, platforms.data) })} />
              )}
            </>
          ) : (
            <Alert type="info" showIcon message={t('stores:form.selfHint')} style={{ marginBottom: 16 }} />
          )}
          <Row gutter={16}>
            <Col xs={24} md={14}>
              <Form.Item name="name" label={t('stores:fields.name')} rules={[requiredRule(), { max: 60 }]}>
                <Input autoComplete="off" placeholder={chosen === PLATFORM_SANDBOX ? t('stores:form.sandboxNamePlaceholder') : undefined} />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name="shortName" label={t('stores:fields.shortName')} rules={[{ max: 30 }]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
          <StoreContactFields />
          <Form.Item name="website" label={t('stores:fields.website')} rules={[{ max: 300 }]}>
            <Input />
          </Form.Item>
          {!editing && (
            <>
              <SenderModeField />
              <Form.Item name="deliverNotification" label={t('stores:fields.deliverNotification')} valuePropName="checked" extra={t('stores:fields.deliverNotificationHint')}>
                <Switch />
              </Form.Item>
            </>
          )}
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common:actions.save')}
            </Button>
            <Button onClick={() => navigate('/config/storemanagement')}>{t('common:actions.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </>
  );
}
