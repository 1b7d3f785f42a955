// /addShop and /addShopOem (public): adding a shop starts here — from a marketplace's service
// market or a link. Signed in, the seller picks the platform and goes on to the store form;
// signed out, they sign in first and come back.
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Col, Row, Space, Tag, Typography } from 'antd';
import { ExperimentOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PLATFORMS, PLATFORM_SANDBOX } from '@openseller/core';
import { accessToken } from '../../../app/auth-store';
import { PublicFrame } from '../components/public-frame';
import { platformLabel } from '../queries';

export default function AddShopPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = !!accessToken();
  const online = PLATFORMS.filter((p) => p.kind === 'marketplace' || p.kind === 'sandbox').sort((a, b) => (a.key === PLATFORM_SANDBOX ? -1 : b.key === PLATFORM_SANDBOX ? 1 : 0));
  const go = (path: string) => (signedIn ? navigate(path) : navigate(`/login?from=${encodeURIComponent(path)}`));
  return (
    <PublicFrame width={980}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        <ShopOutlined /> {t('stores:addShop.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('stores:addShop.intro')}</Typography.Paragraph>
      {!signedIn && (
        <Alert
          type="info"
          showIcon
          message={t('stores:addShop.signInFirst')}
          action={
            <Button type="primary" size="small" onClick={() => navigate(`/login?from=${encodeURIComponent('/addShop')}`)}>
              {t('stores:addShop.signIn')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[12, 12]}>
        {online.map((p) => (
          <Col key={p.key} xs={12} sm={8} md={6}>
            <Card
              hoverable
              size="small"
              role="button"
              tabIndex={0}
              aria-label={platformLabel(p.key)}
              onClick={() => go(`/config/storemanagement/createonlinestore?platformCode=${p.key}`)}
              onKeyDown={(e) => e.key === 'Enter' && go(`/config/storemanagement/createonlinestore?platformCode=${p.key}`)}
              style={p.kind === 'sandbox' ? { borderColor: '#b37feb', background: '#f9f0ff' } : undefined}
            >
              <Space direction="vertical" size={2}>
                <Typography.Text strong>{platformLabel(p.key)}</Typography.Text>
                {p.kind === 'sandbox' ? (
                  <Tag color="purple" icon={<ExperimentOutlined />}>
                    {t('stores:platform.test')}
                  </Tag>
                ) : (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {p.key}
                  </Typography.Text>
                )}
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
      <Space style={{ marginTop: 20 }} wrap>
        <Button onClick={() => go('/config/storemanagement/createofflinebatch')}>{t('stores:list.addOffline')}</Button>
        <Button onClick={() => go('/config/storemanagement/createonlinestore?type=3')}>{t('stores:list.addSelfDefined')}</Button>
        <Button type="link" onClick={() => go('/config/storemanagement')}>
          {t('stores:authorization.toStores')}
        </Button>
      </Space>
    </PublicFrame>
  );
}
