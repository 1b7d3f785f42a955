// The account centre: who I am, my domain and its edition, my phone and password.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Col, Descriptions, Row, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { effectiveLevel, hasActiveTrial, maskPhone } from '@openseller/core';
import { useReloadSession, useSession } from '../../../app/session';
import { DateTime } from '../../../ui/relative-time';
import { PageTitle } from '../../../ui/page-title';
import { ChangePasswordModal } from '../components/change-password-modal';
import { ChangePhoneModal } from '../components/change-phone-modal';
import { canOpen } from '../../../app/layout/nav-items';

export default function AccountCenterPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const reloadSession = useReloadSession();
  const { account, domain } = session;
  // The main account changes its phone with codes to the old and the new number; support may not.
  const canChangePhone = session.isMain && !account.csLogin && !!account.phone;
  return (
    <>
      <PageTitle title={t('nav:routes.accountCenter')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('accounts:center.account')}>
            <Descriptions column={1} bordered size="middle">
              <Descriptions.Item label={t('auth:username')}>{account.loginName}</Descriptions.Item>
              <Descriptions.Item label={t('accounts:center.userName')}>{account.userName}</Descriptions.Item>
              <Descriptions.Item label={t('accounts:center.accountType')}>{t(`accounts:accountTypes.${account.accountType}`)}</Descriptions.Item>
              <Descriptions.Item label={t('accounts:center.roles')}>
                {account.roles.length ? account.roles.map((r) => <Tag key={r}>{t(`accounts:systemRoles.${r}`, { defaultValue: r })}</Tag>) : '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('auth:mobile')}>
                <Space>
                  {account.phone ? maskPhone(account.phone) : <Tag color="orange">{t('accounts:center.noPhone')}</Tag>}
                  {canChangePhone ? (
                    <Button type="link" size="small" onClick={() => setPhoneOpen(true)}>
                      {t('accounts:center.changePhone')}
                    </Button>
                  ) : (
                    !session.isRoot && !account.csLogin && <Link to="/bindingPhone">{account.phone ? t('accounts:center.changePhone') : t('accounts:center.bindPhone')}</Link>
                  )}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('accounts:center.email')}>{account.contactEmail || '-'}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          {domain && (
            <Card title={t('accounts:center.domain')}>
              <Descriptions column={1} bordered size="middle">
                <Descriptions.Item label={t('accounts:center.domainName')}>{domain.name}</Descriptions.Item>
                <Descriptions.Item label={t('accounts:center.domainCode')}>{domain.domainCode}</Descriptions.Item>
                <Descriptions.Item label={t('accounts:center.edition')}>
                  <Tag color="gold">{t(`common:levels.${effectiveLevel(domain)}`)}</Tag>
                  {hasActiveTrial(domain) && <Tag color="blue">{t('accounts:center.trialUntil', { level: t(`common:levels.${domain.trialLevel}`) })} <DateTime value={domain.trialExpireTime} /></Tag>}
                </Descriptions.Item>
                <Descriptions.Item label={t('accounts:center.expireTime')}>{domain.byStore ? t('accounts:center.byStore') : <DateTime value={domain.expireTime} />}</Descriptions.Item>
              </Descriptions>
            </Card>
          )}
          <Card title={t('accounts:center.security')} style={{ marginTop: domain ? 16 : 0 }}>
            <Space wrap>
              <Button type="primary" onClick={() => setPasswordOpen(true)}>
                {t('nav:account.changePassword')}
              </Button>
              {canOpen('/loginRecord', session) && (
                <Link to="/loginRecord">
                  <Button>{t('nav:routes.loginRecord')}</Button>
                </Link>
              )}
            </Space>
          </Card>
        </Col>
      </Row>
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      {canChangePhone && <ChangePhoneModal open={phoneOpen} onClose={() => setPhoneOpen(false)} onChanged={() => void reloadSession()} currentMasked={maskPhone(account.phone)} />}
    </>
  );
}
