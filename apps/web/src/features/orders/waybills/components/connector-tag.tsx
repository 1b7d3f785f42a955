// Which connector serves a waybill account (waybillConnectorOf in packages/core): the sandbox
// carrier, named as such, a real platform connector (Cainiao through TOP or LINK, Pinduoduo
// or Douyin waybills), or none in this build.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WaybillConnector } from '@openseller/core';

const COLORS: Record<WaybillConnector, string> = { SANDBOX: 'purple', CAINIAO_TOP: 'geekblue', CAINIAO_LINK: 'geekblue', PDD_WAYBILL: 'geekblue', DOUYIN_WAYBILL: 'geekblue', NONE: 'red' };
const KEYS: Record<WaybillConnector, string> = {
  SANDBOX: 'waybills:sandbox.tag',
  CAINIAO_TOP: 'waybills:connector.cainiaoTop',
  CAINIAO_LINK: 'waybills:connector.cainiaoLink',
  PDD_WAYBILL: 'waybills:connector.pdd',
  DOUYIN_WAYBILL: 'waybills:connector.douyin',
  NONE: 'waybills:connector.none',
};

export function ConnectorTag({ connector }: { connector: WaybillConnector }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[connector]}>{t(KEYS[connector])}</Tag>;
}
