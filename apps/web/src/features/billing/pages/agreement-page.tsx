// /storeOrder/agreement: the purchase agreement a buyer accepts before placing an order.
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BareFrame } from '../components/billing-ui';

const SECTIONS = ['what', 'payment', 'effect', 'refund', 'sandbox'] as const;

export default function AgreementPage() {
  const { t } = useTranslation();
  return (
    <BareFrame title={t('billing:agreementTitle')}>
      <Card>
        <Typography>
          {SECTIONS.map((s) => (
            <section key={s}>
              <Typography.Title level={4}>{t(`billing:agreement.${s}.title`)}</Typography.Title>
              <Typography.Paragraph>{t(`billing:agreement.${s}.text`)}</Typography.Paragraph>
            </section>
          ))}
        </Typography>
      </Card>
    </BareFrame>
  );
}
