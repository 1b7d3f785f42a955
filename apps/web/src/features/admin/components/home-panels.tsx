// Home page panels: the user's shortcut menus (homepage getDomainMenu / createOrupdateDomainMenu)
// and the best sellers of the last days (homepage getHotSale).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Col, Empty, Modal, Row, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HOME_MENU_MAX, ROUTES, type HotSaleRow } from '@openseller/core';
import { canOpen } from '../../../app/layout/nav-items';
import { useSession } from '../../../app/session';
import { toast } from '../../../app/toast';
import { adminApi } from '../api';

/** The page a menu key opens: the first layout route gated by that menu alone. */
function routeOfMenu(menu: string) {
  return ROUTES.find((r) => r.placement === 'layout' && r.gate.kind === 'menu' && r.gate.anyOf.length === 1 && r.gate.anyOf[0] === menu);
}

function ShortcutsCard() {
  const { t } = useTranslation();
  const session = useSession();
  const client = useQueryClient();
  const menu = useQuery({ queryKey: ['home-menu'], queryFn: adminApi.homeMenu });
  const [editing, setEditing] = useState<string[] | null>(null);
  const save = useMutation({
    mutationFn: (names: string[]) => adminApi.saveHomeMenu(names),
    onSuccess: (answer) => {
      client.setQueryData(['home-menu'], answer);
      toast.success(t('common:saved'));
      setEditing(null);
    },
  });
  const choices = [...session.menus]
    .map((m) => ({ menu: m, route: routeOfMenu(m) }))
    .filter((c): c is { menu: string; route: NonNullable<typeof c.route> } => !!c.route && canOpen(c.route.path, session));
  const shortcuts = (menu.data?.menuName ?? []).map((m) => ({ menu: m, route: routeOfMenu(m) })).filter((c) => c.route);
  return (
    <Card
      title={t('admin:home.shortcuts')}
      loading={menu.isPending}
      extra={
        <Button size="small" onClick={() => setEditing(menu.data?.menuName ?? [])} disabled={!choices.length}>
          {t('admin:home.editShortcuts')}
        </Button>
      }
    >
      {shortcuts.length ? (
        <Space wrap>
          {shortcuts.map((s) => (
            <Link key={s.menu} to={s.route!.path}>
              <Tag color="blue" style={{ padding: '4px 10px', fontSize: 14 }}>
                {t(`nav:routes.${s.route!.title}`)}
              </Tag>
            </Link>
          ))}
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('admin:home.noShortcuts')}</Typography.Text>
      )}
      <Modal
        open={editing !== null}
        title={t('admin:home.editShortcuts')}
        onCancel={() => setEditing(null)}
        onOk={() => save.mutate(editing ?? [])}
        confirmLoading={save.isPending}
        okText={t('common:actions.save')}
        cancelText={t('common:actions.cancel')}
      >
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          maxCount={HOME_MENU_MAX}
          optionFilterProp="label"
          value={editing ?? []}
          onChange={setEditing}
          aria-label={t('admin:home.shortcuts')}
          options={choices.map((c) => ({ value: c.menu, label: t(`nav:routes.${c.route.title}`) }))}
        />
      </Modal>
    </Card>
  );
}

function HotSaleCard() {
  const { t } = useTranslation();
  const [days, setDays] = useState(7);
  const hot = useQuery({ queryKey: ['home-hot-sale', days], queryFn: () => adminApi.hotSale(days), placeholderData: (p) => p });
  return (
    <Card
      title={t('admin:home.hotSale')}
      extra={<Segmented size="small" value={days} onChange={(v) => setDays(Number(v))} options={[7, 30].map((d) => ({ value: d, label: t('admin:home.days', { count: d }) }))} />}
    >
      <Table<HotSaleRow>
        rowKey="skuId"
        size="small"
        loading={hot.isFetching && !hot.data}
        dataSource={hot.data?.voList ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin:home.noSales')} /> }}
        columns={[
          { title: '#', width: 40, render: (_, __, i) => i + 1 },
          { title: t('goods:fields.skuCode'), dataIndex: 'skuCode', width: 140 },
          { title: t('goods:fields.name'), dataIndex: 'skuName', ellipsis: true },
          { title: t('admin:home.qty'), dataIndex: 'qty', width: 70, align: 'right' },
          { title: t('admin:home.orders'), dataIndex: 'orderCount', width: 80, align: 'right' },
        ]}
      />
    </Card>
  );
}

/** The home page's shortcut and best-seller panels, for a seller account. */
export function HomePanels() {
  const session = useSession();
  if (!session.domain) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} xl={10}>
        <ShortcutsCard />
      </Col>
      {canOpen('/order', session) && (
        <Col xs={24} xl={14}>
          <HotSaleCard />
        </Col>
      )}
    </Row>
  );
}
