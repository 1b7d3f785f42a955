// Account permissions: the domain's sub-accounts and the roles that carry menus and fields.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tabs, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { maskPhone, type RoleRow, type SubUserRow } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { useSession } from '../../../app/session';
import { toast } from '../../../app/toast';
import { passwordRules, confirmPasswordRules } from '../../../ui/form-rules';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { RelativeTime, DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { accountsApi } from '../api';
import { RoleEditor } from '../components/role-editor';
import { useAccountsMutation, useRoles, useSubUsers } from '../queries';

function SubUsersTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [state, setState] = useListState({ currentPage: 1, pageSize: 10, keyword: '', status: '' });
  const { data, isFetching } = useSubUsers({
    currentPage: state.currentPage,
    pageSize: state.pageSize,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.status ? { status: state.status as 'OPEN' | 'STOP' } : {}),
  });
  const [passwordFor, setPasswordFor] = useState<SubUserRow | null>(null);
  const act = useAccountsMutation(async ({ kind, user }: { kind: 'stop' | 'open' | 'unlock' | 'delete'; user: SubUserRow }) => {
    if (kind === 'stop') await accountsApi.stopSubUser(user.id);
    if (kind === 'open') await accountsApi.openSubUser(user.id);
    if (kind === 'unlock') await accountsApi.unlockSubUser(user.id);
    if (kind === 'delete') await accountsApi.deleteSubUser(user.id);
    return kind;
  });
  const run = (kind: 'stop' | 'open' | 'unlock' | 'delete', user: SubUserRow) =>
    act.mutate({ kind, user }, { onSuccess: () => toast.success(t(`accounts:subUsers.done.${kind}`, { name: user.loginName })) });

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            defaultValue={state.keyword}
            placeholder={t('accounts:subUsers.searchPlaceholder')}
            onSearch={(keyword) => setState({ keyword: keyword.trim(), currentPage: 1 })}
            style={{ width: 280 }}
            aria-label={t('accounts:subUsers.searchPlaceholder')}
          />
          <Select
            allowClear
            value={state.status || undefined}
            placeholder={t('accounts:subUsers.status')}
            style={{ width: 140 }}
            onChange={(status) => setState({ status: status ?? '', currentPage: 1 })}
            options={[
              { value: 'OPEN', label: t('accounts:subUsers.statuses.OPEN') },
              { value: 'STOP', label: t('accounts:subUsers.statuses.STOP') },
            ]}
          />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/config/subAccount/addSubAccount')}>
          {t('accounts:subUsers.add')}
        </Button>
      </Space>
      <Table<SubUserRow>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.voList ?? []}
        scroll={{ x: 1100 }}
        pagination={tablePagination(state.currentPage, state.pageSize, data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        columns={[
          { title: t('auth:username'), dataIndex: 'loginName', width: 170 },
          { title: t('accounts:center.userName'), dataIndex: 'userName', width: 140 },
          { title: t('auth:mobile'), dataIndex: 'phone', width: 130, render: (v: string | null) => (v ? maskPhone(v) : '-') },
          { title: t('accounts:subUsers.roles'), dataIndex: 'roleNames', render: (names: string[]) => (names.length ? names.map((n) => <Tag key={n}>{n}</Tag>) : <Tag>{t('accounts:subUsers.noRole')}</Tag>) },
          {
            title: t('accounts:subUsers.status'),
            width: 150,
            render: (_, u) => (
              <Space size={4}>
                <Tag color={u.status === 'OPEN' ? 'green' : 'default'}>{t(`accounts:subUsers.statuses.${u.status}`)}</Tag>
                {u.locked && <Tag color="volcano">{t('accounts:subUsers.locked')}</Tag>}
              </Space>
            ),
          },
          { title: t('accounts:subUsers.lastLogin'), dataIndex: 'lastLoginTime', width: 130, render: (v: string | null) => <RelativeTime value={v} /> },
          { title: t('accounts:subUsers.createdAt'), dataIndex: 'createdAt', width: 160, render: (v: string) => <DateTime value={v} /> },
          {
            title: t('common:actions.title'),
            fixed: 'right',
            width: 300,
            render: (_, u) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => navigate(`/config/subAccount/addSubAccount?id=${u.id}`)}>
                  {t('common:actions.edit')}
                </Button>
                {u.id !== session.account.userId &&
                  (u.status === 'OPEN' ? (
                    <Popconfirm title={t('accounts:subUsers.confirmStop', { name: u.loginName })} onConfirm={() => run('stop', u)} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')}>
                      <Button type="link" size="small">
                        {t('accounts:subUsers.stop')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Button type="link" size="small" onClick={() => run('open', u)}>
                      {t('accounts:subUsers.open')}
                    </Button>
                  ))}
                {u.locked && (
                  <Button type="link" size="small" onClick={() => run('unlock', u)}>
                    {t('accounts:subUsers.unlock')}
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => setPasswordFor(u)}>
                  {t('accounts:subUsers.changePassword')}
                </Button>
                {u.id !== session.account.userId && (
                  <Popconfirm title={t('accounts:subUsers.confirmDelete', { name: u.loginName })} onConfirm={() => run('delete', u)} okText={t('common:actions.ok')} cancelText={t('common:actions.cancel')}>
                    <Button type="link" size="small" danger>
                      {t('common:actions.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <SubUserPasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} />
    </>
  );
}

function SubUserPasswordModal({ user, onClose }: { user: SubUserRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={!!user}
      title={user ? t('accounts:subUsers.changePasswordOf', { name: user.loginName }) : ''}
      onCancel={onClose}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
      onOk={async () => {
        const values = await form.validateFields();
        setSaving(true);
        try {
          await accountsApi.changeSubUserPassword(user!.id, values.password);
          toast.success(t('accounts:password.changed'));
          onClose();
        } catch (e) {
          if (e instanceof ApiError) form.setFields([{ name: 'password', errors: [errorMessage(e)] }]);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="password" label={t('accounts:password.new')} rules={passwordRules(undefined, user?.loginName)} extra={t('auth:passwordHint')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={t('accounts:password.confirm')} dependencies={['password']} rules={confirmPasswordRules('password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RolesTab() {
  const { t } = useTranslation();
  const { data, isFetching } = useRoles();
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const remove = useAccountsMutation((role: RoleRow) => accountsApi.deleteRole(role.id));
  return (
    <>
      <div style={{ marginBottom: 16, textAlign: 'end' }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('accounts:roles.add')}
        </Button>
      </div>
      <Table<RoleRow>
        rowKey="id"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { title: t('accounts:roles.name'), dataIndex: 'roleName', width: 200 },
          { title: t('accounts:roles.remark'), dataIndex: 'remark', render: (v: string | null) => v || '-' },
          {
            title: t('accounts:roles.menus'),
            dataIndex: 'menus',
            render: (menus: string[]) => (
              <Tooltip title={menus.map((m) => t(`nav:menus.${m}`)).join(', ')}>
                <span>{t('accounts:roles.menuCount', { count: menus.length })}</span>
              </Tooltip>
            ),
          },
          { title: t('accounts:roles.fields'), dataIndex: 'fields', render: (fields: string[]) => (fields.length ? fields.map((f) => <Tag key={f}>{t(`nav:fields.${f}`)}</Tag>) : '-') },
          { title: t('accounts:roles.userCount'), dataIndex: 'userCount', width: 120 },
          {
            title: t('common:actions.title'),
            width: 160,
            render: (_, role) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(role)}>
                  {t('common:actions.edit')}
                </Button>
                <Popconfirm
                  title={t('accounts:roles.confirmDelete', { name: role.roleName })}
                  okText={t('common:actions.ok')}
                  cancelText={t('common:actions.cancel')}
                  onConfirm={() => remove.mutate(role, { onSuccess: () => toast.success(t('accounts:roles.deleted')) })}
                >
                  <Button type="link" size="small" danger>
                    {t('common:actions.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <RoleEditor role={editing} onClose={() => setEditing(null)} />
    </>
  );
}

export default function SubAccountPage() {
  const { t } = useTranslation();
  const [state, setState] = useListState({ tab: 'users' });
  return (
    <>
      <PageTitle title={t('nav:routes.subAccount')} />
      <Card>
        <Tabs
          activeKey={state.tab}
          onChange={(tab) => setState({ tab })}
          items={[
            { key: 'users', label: t('accounts:subUsers.tab'), children: <SubUsersTab /> },
            { key: 'roles', label: t('accounts:roles.tab'), children: <RolesTab /> },
          ]}
        />
      </Card>
    </>
  );
}
