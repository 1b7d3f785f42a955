// The frame of the stores area's public pages (/authorization, /addShop): the site's name on a
// plain page with one card, outside the signed-in layout.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from 'antd';
import { useSiteInfo } from '../../../app/site';

export function PublicFrame({ children, width = 560 }: { children: ReactNode; width?: number }) {
  const site = useSiteInfo();
  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: '48px 16px' }}>
      <div style={{ maxWidth: width, margin: '0 auto' }}>
        <Link to="/" style={{ display: 'inline-flex', alignItems: 'center', gap: 10, marginBottom: 20, color: 'inherit' }}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <strong style={{ fontSize: 18 }}>{site?.siteTitle ?? 'OpenSeller'}</strong>
        </Link>
        <Card>{children}</Card>
      </div>
    </div>
  );
}
