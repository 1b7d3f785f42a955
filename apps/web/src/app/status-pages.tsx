import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** The 403 page: 您没有页面权限! */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('common:noPagePermission')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('common:actions.backHome')}
        </Button>
      }
    />
  );
}

/** The page of an area not built yet: says so plainly. */
export function NotAvailablePage({ area, title }: { area: string; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={t('common:notAvailable.title', { page: t(`nav:routes.${title}`) })}
      subTitle={t('common:notAvailable.body', { area: t(`nav:areas.${area}`) })}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('common:actions.backHome')}
        </Button>
      }
    />
  );
}
