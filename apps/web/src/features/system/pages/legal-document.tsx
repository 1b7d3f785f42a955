import { Link } from 'react-router-dom';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Section {
  heading: string;
  body: string;
}

/** A document page (agreement, privacy) whose sections come from the language pack. */
export function LegalDocument({ name }: { name: 'protocol' | 'privacy' }) {
  const { t } = useTranslation();
  const sections = t(`system:${name}.sections`, { returnObjects: true }) as Section[];
  return (
    <div className="os-doc">
      <Typography.Title level={2}>{t(`nav:routes.${name}`)}</Typography.Title>
      <Typography.Paragraph type="secondary">{t(`system:${name}.intro`)}</Typography.Paragraph>
      {Array.isArray(sections) &&
        sections.map((s) => (
          <section key={s.heading}>
            <Typography.Title level={4}>{s.heading}</Typography.Title>
            <Typography.Paragraph>{s.body}</Typography.Paragraph>
          </section>
        ))}
      <Link to="/login">{t('auth:backToSignIn')}</Link>
    </div>
  );
}
