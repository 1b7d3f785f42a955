// The order list's Export menu (spec 01 §3 export codes, §4.5; issue 21 must-have 10): by order, by
// express number, by item detail with or without combination components, of the list's current
// filters and tab — or of the chosen rows only. Each starts a background export; the download
// panel shows its progress and the download centre keeps the file.
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_EXPORT_TYPES, type OrderExportType, type OrderSearchParams } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { announceNewExport } from '../../../exports/export-events';
import { useExportStart } from '../../../exports/use-export-start';
import { orderExportApi } from '../api';

export function OrderExportMenu({ filters, activeKey, selectedIds }: { filters: Omit<OrderSearchParams, 'currentPage' | 'pageSize' | 'activeKey'>; activeKey: string; selectedIds: number[] }) {
  const { t } = useTranslation();
  const startExport = useExportStart();
  const request = useMutation({
    mutationFn: (exportType: OrderExportType) =>
      orderExportApi.exportOrders({ ...filters, activeKey: activeKey as OrderSearchParams['activeKey'], exportType, ...(selectedIds.length ? { idList: selectedIds } : {}) }),
    onSuccess: () => {
      toast.success(t('orders:export.queued'));
      announceNewExport();
    },
  });
  return (
    <Dropdown
      menu={{
        items: [
          { type: 'group', key: 'scope', label: selectedIds.length ? t('orders:export.scopeSelected') : t('orders:export.scopeAll') },
          ...ORDER_EXPORT_TYPES.map((type) => ({ key: type, label: t(`orders:export.${type}`) })),
        ],
        onClick: ({ key }) => startExport(() => request.mutate(key as OrderExportType)),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={request.isPending}>
        {t('orders:export.button')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
