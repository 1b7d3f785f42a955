// Pieces the shipping tabs share: the totals row of figures, the export button, the empty state.
import { Button, Col, Empty, Row, Statistic } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShipTotals } from '@openseller/core';
import { toast } from '../../../app/toast';
import { announceNewExport } from '../../exports/export-events';
import { useExportStart } from '../../exports/use-export-start';
import { reportShipErrorMessage } from './api';

export function ShipTotalsRow({ totals, loading }: { totals: ShipTotals | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={12} md={6}>
        <Statistic title={t('reportship:columns.parcels')} value={totals?.parcels ?? 0} loading={loading} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t('reportship:columns.qty')} value={totals?.qty ?? 0} loading={loading} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t('reportship:columns.weight')} value={totals?.weight ?? '0.000'} loading={loading} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t('reportship:columns.late')} value={totals?.lateParcels ?? 0} loading={loading} />
      </Col>
    </Row>
  );
}

/** Asks the download centre for the tab's file (the rows and totals shown, every page). */
export function ExportButton({ start, disabled }: { start: () => Promise<unknown>; disabled?: boolean }) {
  const { t } = useTranslation();
  const startExport = useExportStart();
  const run = useMutation({
    mutationFn: start,
    onSuccess: () => {
      toast.success(t('reportship:exportQueued'));
      announceNewExport();
    },
    onError: (error) => toast.error(reportShipErrorMessage(error)),
  });
  return (
    <Button icon={<DownloadOutlined />} loading={run.isPending} disabled={disabled} onClick={() => startExport(() => run.mutate())}>
      {t('reportship:export')}
    </Button>
  );
}

export function NoParcels() {
  const { t } = useTranslation();
  return <Empty description={t('reportship:emptyShipped')} />;
}
