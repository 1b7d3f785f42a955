// Small pieces shared by the billing pages: money in yuan, order status tags, the sandbox notice,
// the frame of the bare pages (no top bar, spec 01 §2.3) and an error's wording.
import type { ReactNode } from 'react';
import { Alert, Button, Layout, Space, Tag } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fenToYuan, type BillingOrderStatus } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';

export function Yuan({ fen }: { fen: number }) {
  return <span className="os-money">¥{fenToYuan(fen)}</span>;
}

const STATUS_COLORS: Record<BillingOrderStatus, string> = { WAIT_PAY: 'processing', PAID: 'success', FAILED: 'error', CLOSED: 'default' };

export function OrderStatusTag({ status }: { status: BillingOrderStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`billing:status.${status}`)}</Tag>;
}

export function SandboxNotice() {
  const { t } = useTranslation();
  return <Alert type="warning" showIcon message={t('billing:sandbox.title')} description={t('billing:sandbox.description')} style={{ marginBottom: 16 }} />;
}

/** The frame of the order, pay and result pages, which show without the top bar. */
export function BareFrame({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh', background: '#f5f5f5' }}>
      <div style={{ maxWidth: 1080, width: '100%', margin: '0 auto', padding: '24px 16px' }}>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
          <h1 style={{ margin: 0, fontSize: 22 }}>{title}</h1>
          <Link to="/">
            <Button icon={<HomeOutlined />}>{t('billing:backHome')}</Button>
          </Link>
        </Space>
        {children}
      </div>
    </Layout>
  );
}

export function problemText(error: unknown, t: (k: string) => string): string {
  if (error instanceof ApiError) return error.status === 403 ? t('billing:mainOnly') : errorMessage(error);
  return String(error);
}
