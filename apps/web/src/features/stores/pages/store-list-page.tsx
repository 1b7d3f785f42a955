// Store management (/config/storemanagement): every store of the domain with its platform,
// authorization, status and last goods sync; authorize, sync, configure, enable or disable,
// delete (refused, with the reasons, while anything references the store); the self-defined
// store's secret; the sandbox marketplace's console for sandbox stores.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Dropdown, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Tooltip, Typography, type MenuProps } from 'antd';
import { DownOutlined, ExperimentOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { STORE_AUTH_STATES, StoreErrors, type StoreAuthState, type StoreReference, type StoreRow, type StoreType } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { storesApi } from '../api';
import { startAuthorization } from '../components/authorize';
import { SandboxConsoleDrawer } from '../components/sandbox-console';
import { SecretCell } from '../components/secret-cell';
import { StoreConfigModal } from '../components/store-config-modal';
import { AuthStateTag, LastSyncCell, PlatformTag } from '../components/store-tags';
import { SyncRunsModal } from '../components/sync-runs-modal';
import { SyncHealthCell, useStoreSyncHealth } from '../../admin/components/store-sync-health';
import { platformLabel, usePlatforms, useStores, useStoresMutation } from '../queries';

/** The references that block a delete, as the server lists them (params.reasons). */
function referencesOf(error: ApiError): StoreReference[] {
  try {
    return JSON.parse(String(error.params.reasons ?? '[]')) as StoreReference[];
  } catch {
    return [];
  }
}

export default function StoreListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, keyword: '', platformCode: '', storeType: 0, usable: '', authState: '' });
  const filter = {
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.platformCode ? { platformCode: state.platformCode } : {}),
    ...(state.storeType ? { storeType: state.storeType as StoreType } : {}),
    ...(state.usable ? { usable: state.usable === 'true' } : {}),
    ...(state.authState ? { authState: state.authState as StoreAuthState } : {}),
  };
  const { data, isFetching } = useStores(filter);
  const platforms = usePlatforms(true);
  const [configFor, setConfigFor] = useState<StoreRow | null>(null);
  const [runsFor, setRunsFor] = useState<StoreRow | null>(null);
  const [consoleFor, setConsoleFor] = useState<StoreRow | null>(null);
  const [modal, modalContext] = Modal.useModal();

  const toggle = useStoresMutation((store: StoreRow) => storesApi.enable(store.id, store.version, !store.usable));
  const remove = useStoresMutation((store: StoreRow) => storesApi.remove(store.id, store.version));
  const sync = useStoresMutation((store: StoreRow) => storesApi.syncOnlineGoods(store.id));
  const refresh = useStoresMutation((store: StoreRow) => storesApi.refreshAuthorization(store.id));

  const deleteStore = (store: StoreRow) =>
    remove.mutate(store, {
      onSuccess: () => toast.success(t('stores:list.deleted', { name: store.name })),
      onError: (e) => {
        if (!(e instanceof ApiError)) return;
        if (e.code === StoreErrors.IN_USE) {
          const references = referencesOf(e);
          modal.error({
            title: t('stores:delete.refusedTitle', { name: store.name }),
            content: (
              <>
                <Typography.Paragraph>{t('stores:delete.refusedBody')}</Typography.Paragraph>
                <ul>
                  {references.map((r) => (
                    <li key={r.reason}>{t('stores:delete.reference', { reason: t(`stores:references.${r.reason}`, { defaultValue: r.reason }), count: r.count })}</li>
                  ))}
                </ul>
              </>
            ),
          });
        } else toast.error(errorMessage(e));
      },
    });

  const authorize = async (store: StoreRow) => {
    try {
      await startAuthorization(store.id);
    } catch {
      // The request client has shown why (e.g. the connector is not part of this build).
    }
  };

  const moreItems = (store: StoreRow): MenuProps['items'] => {
    const online = store.storeType === 1;
    return [
      online && store.authState !== 'NONE' && { key: 'refresh', label: t('stores:actions.refreshAuthorization') },
      online && { key: 'sync', label: t('stores:actions.syncGoods'), disabled: store.authState === 'NONE' || !store.usable },
      online && { key: 'runs', label: t('stores:actions.syncHistory') },
      { key: 'config', label: t('stores:actions.settings') },
      store.platformCode === 'SANDBOX' && { key: 'console', label: t('stores:actions.sandboxConsole'), icon: <ExperimentOutlined /> },
    ].filter(Boolean) as MenuProps['items'];
  };

  const onMore = (store: StoreRow, key: string) => {
    if (key === 'refresh') refresh.mutate(store, { onSuccess: () => toast.success(t('stores:list.refreshed', { name: store.name })) });
    if (key === 'sync') sync.mutate(store, { onSuccess: () => toast.success(t('stores:sync.queued', { name: store.name })) });
    if (key === 'runs') setRunsFor(store);
    if (key === 'config') setConfigFor(store);
    if (key === 'console') setConsoleFor(store);
  };

  const syncHealth = useStoreSyncHealth();
  const columns: ColumnsType<StoreRow> = useMemo(
    () => [
      {
        key: 'name',
        title: t('stores:fields.name'),
        width: 250,
        render: (_, s) => (
          <Space direction="vertical" size={0}>
            <Typography.Text strong>{s.name}</Typography.Text>
            {s.shortName && <Typography.Text type="secondary">{s.shortName}</Typography.Text>}
            {s.platformShopId && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('stores:list.shopId', { id: s.platformShopId })}
              </Typography.Text>
            )}
          </Space>
        ),
      },
      { key: 'platform', title: t('stores:fields.platform'), width: 190, render: (_, s) => <PlatformTag code={s.platformCode} /> },
      { key: 'storeType', title: t('stores:fields.storeType'), width: 110, render: (_, s) => <Tag>{t(`stores:storeTypes.${s.storeType}`)}</Tag> },
      {
        key: 'authState',
        title: t('stores:fields.authState'),
        width: 170,
        render: (_, s) => {
          // A real platform whose app key and secret the installation lacks: authorization cannot start.
          const missing = s.storeType === 1 && platforms.data?.find((p) => p.key === s.platformCode)?.appCredentialsSet === false;
          return (
            <Space direction="vertical" size={2}>
              <AuthStateTag store={s} />
              {missing && (
                <Tooltip title={t('stores:platform.noAppCredentialsLong', { platform: platformLabel(s.platformCode, platforms.data) })}>
                  <Tag color="warning">{t('stores:platform.noAppCredentials')}</Tag>
                </Tooltip>
              )}
            </Space>
          );
        },
      },
      { key: 'syncHealth', title: t('admin:sync.title'), width: 230, render: (_, s) => (s.storeType === 1 ? <SyncHealthCell health={syncHealth.get(s.id)} /> : '-') },
      {
        key: 'usable',
        title: t('stores:fields.usable'),
        width: 100,
        render: (_, s) =>
          s.usable ? (
            <Popconfirm title={t('stores:list.confirmDisable', { name: s.name })} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')} onConfirm={() => toggle.mutate(s)}>
              <Switch checked aria-label={t('stores:list.toggle', { name: s.name })} checkedChildren={t('stores:list.enabled')} />
            </Popconfirm>
          ) : (
            <Switch checked={false} aria-label={t('stores:list.toggle', { name: s.name })} unCheckedChildren={t('stores:list.disabled')} onChange={() => toggle.mutate(s)} />
          ),
      },
      { key: 'lastSync', title: t('stores:fields.lastSync'), width: 230, render: (_, s) => <LastSyncCell store={s} /> },
      { key: 'secret', title: t('stores:fields.secret'), width: 200, render: (_, s) => <SecretCell store={s} /> },
      { key: 'contact', title: t('stores:fields.contact'), width: 140, render: (_, s) => [s.contact, s.phone ?? s.tel].filter(Boolean).join(' ') || '-' },
      { key: 'createdAt', title: t('stores:fields.createdAt'), width: 150, render: (_, s) => <DateTime value={s.createdAt} /> },
      {
        key: 'actions',
        title: t('common:actions.title'),
        fixed: 'right',
        width: 300,
        render: (_, s) => (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => navigate(`/config/storemanagement/createonlinestore?id=${s.id}`)}>
              {t('common:actions.edit')}
            </Button>
            {s.storeType === 1 && (
              <Button type="link" size="small" onClick={() => authorize(s)}>
                {s.authState === 'NONE' ? t('stores:actions.authorize') : t('stores:actions.reauthorize')}
              </Button>
            )}
            <Dropdown menu={{ items: moreItems(s), onClick: ({ key }) => onMore(s, key) }} trigger={['click']}>
              <Button type="link" size="small">
                {t('stores:actions.more')} <DownOutlined />
              </Button>
            </Dropdown>
            <Popconfirm title={t('stores:delete.confirm', { name: s.name })} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')} onConfirm={() => deleteStore(s)}>
              <Button type="link" size="small" danger>
                {t('common:actions.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, platforms.data, syncHealth],
  );
  const { columns: visible, settingsButton } = useColumnSettings('stores.list', columns, ['contact']);
  const platformOptions = (platforms.data ?? []).map((p) => ({ value: p.key, label: platformLabel(p.key, platforms.data) }));
  const hasSandbox = (data?.voList ?? []).some((s) => s.platformCode === 'SANDBOX');

  return (
    <>
      {modalContext}
      <PageTitle
        title={t('nav:routes.storeManagement')}
        extra={
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/config/storemanagement/createonlinestore')}>
              {t('stores:list.addOnline')}
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => navigate('/config/storemanagement/createonlinestore?type=3')}>
              {t('stores:list.addSelfDefined')}
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => navigate('/config/storemanagement/createofflinebatch')}>
              {t('stores:list.addOffline')}
            </Button>
          </Space>
        }
      />
      <Card>
        {!hasSandbox && data && data.total === 0 && !state.keyword && (
          <Alert
            type="info"
            showIcon
            icon={<ExperimentOutlined />}
            message={t('stores:list.tryTitle')}
            description={t('stores:list.tryBody')}
            action={
              <Button size="small" onClick={() => navigate('/config/storemanagement/createonlinestore?platformCode=SANDBOX')}>
                {t('stores:list.tryButton')}
              </Button>
            }
            style={{ marginBottom: 16 }}
          />
        )}
        <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Input.Search
              allowClear
              defaultValue={state.keyword}
              placeholder={t('stores:list.searchPlaceholder')}
              aria-label={t('stores:list.searchPlaceholder')}
              onSearch={(keyword) => setState({ keyword: keyword.trim(), currentPage: 1 })}
              style={{ width: 240 }}
            />
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              value={state.platformCode || undefined}
              placeholder={t('stores:fields.platform')}
              aria-label={t('stores:fields.platform')}
              style={{ width: 200 }}
              options={platformOptions}
              onChange={(v) => setState({ platformCode: v ?? '', currentPage: 1 })}
            />
            <Select
              allowClear
              value={state.storeType || undefined}
              placeholder={t('stores:fields.storeType')}
              aria-label={t('stores:fields.storeType')}
              style={{ width: 140 }}
              options={[1, 2, 3].map((v) => ({ value: v, label: t(`stores:storeTypes.${v}`) }))}
              onChange={(v) => setState({ storeType: v ?? 0, currentPage: 1 })}
            />
            <Select
              allowClear
              value={state.usable || undefined}
              placeholder={t('stores:fields.usable')}
              aria-label={t('stores:fields.usable')}
              style={{ width: 120 }}
              options={[
                { value: 'true', label: t('stores:list.enabled') },
                { value: 'false', label: t('stores:list.disabled') },
              ]}
              onChange={(v) => setState({ usable: v ?? '', currentPage: 1 })}
            />
            <Select
              allowClear
              value={state.authState || undefined}
              placeholder={t('stores:fields.authState')}
              aria-label={t('stores:fields.authState')}
              style={{ width: 150 }}
              options={STORE_AUTH_STATES.map((s) => ({ value: s, label: t(`stores:authStates.${s}`) }))}
              onChange={(v) => setState({ authState: v ?? '', currentPage: 1 })}
            />
          </Space>
          {settingsButton}
        </Space>
        <Table<StoreRow>
          rowKey="id"
          loading={isFetching}
          dataSource={data?.voList ?? []}
          columns={visible}
          scroll={{ x: 1600 }}
          pagination={tablePagination(state.currentPage, state.pageSize, data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        />
      </Card>
      <StoreConfigModal store={configFor} onClose={() => setConfigFor(null)} />
      <SyncRunsModal store={runsFor} onClose={() => setRunsFor(null)} />
      <SandboxConsoleDrawer store={consoleFor} onClose={() => setConsoleFor(null)} />
    </>
  );
}
