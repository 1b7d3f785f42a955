import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../app/site';

/** The frame of the sign-in, registration and reset pages: the product on one side, the form on the other. */
export function AuthFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  return (
    <div className="os-auth-page" style={{ position: 'relative' }}>
      <section className="os-auth-brand">
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <h1>{site?.siteTitle ?? 'OpenSeller'}</h1>
        <p>{t('auth:tagline')}</p>
        <ul>
          <li>{t('auth:features.orders')}</li>
          <li>{t('auth:features.stock')}</li>
          <li>{t('auth:features.ship')}</li>
          <li>{t('auth:features.selfHosted')}</li>
        </ul>
      </section>
      <main className="os-auth-panel">{children}</main>
    </div>
  );
}
