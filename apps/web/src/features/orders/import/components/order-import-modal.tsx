// The order import dialog (spec 02 §7.10 createFromXls): the template (standard or a saved column
// mapping), the default store, the file; then the server's check with each bad row, the counts of
// new and already imported orders, the load's progress and the result. The steps are the common
// import dialog's; this file adds the order's fields, wording and counts.
import { useEffect, useState } from 'react';
import { Button, Descriptions, Form, Select, Space, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ImportModal, type ImportModalTexts } from '../../../../ui/import-modal';
import { StoreSelect } from '../../../stores/components/store-select';
import { ORDER_IMPORT_KIND, orderImportApi } from '../api';
import { useImportTemplates } from '../queries';
import { ImportTemplatesModal } from './import-templates-modal';

const ORDER_IMPORT_TEXTS: ImportModalTexts = {
  template: 'orderimport:dialog.download',
  templateHint: 'orderimport:dialog.groupHint',
  start: 'orderimport:dialog.check',
  checking: 'orderimport:dialog.checking',
  loading: 'orderimport:dialog.loading',
  invalid: 'orderimport:dialog.invalid',
  nothingChanged: 'orderimport:dialog.nothingLoaded',
  row: 'orderimport:dialog.row',
  column: 'orderimport:dialog.column',
  problem: 'orderimport:dialog.problem',
  another: 'orderimport:dialog.another',
  checked: 'orderimport:dialog.checked',
  done: 'orderimport:dialog.done',
  failed: 'orderimport:dialog.failed',
};

export function OrderImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const templates = useImportTemplates(open);
  const [templateId, setTemplateId] = useState<number | undefined>();
  const [storeId, setStoreId] = useState<number | undefined>();
  const [managing, setManaging] = useState(false);

  // A removed template is no longer offered.
  useEffect(() => {
    if (templateId && templates.data && !templates.data.voList.some((v) => v.id === templateId)) setTemplateId(undefined);
  }, [templates.data, templateId]);

  const counts = (values: Record<string, number>, keys: string[]) => (
    <Descriptions size="small" column={keys.length} bordered>
      {keys.map((k) => (
        <Descriptions.Item key={k} label={t(`orderimport:counts.${k}`)}>
          <strong>{values[k] ?? 0}</strong>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );

  const orderFields = (
    <Form layout="vertical">
      <Form.Item label={t('orderimport:dialog.template')} extra={t('orderimport:dialog.templateHint')}>
        <Space.Compact style={{ width: '100%' }}>
          <Select
            aria-label={t('orderimport:dialog.template')}
            value={templateId ?? 0}
            onChange={(v: number) => setTemplateId(v || undefined)}
            loading={templates.isFetching}
            style={{ flex: 1 }}
            options={[{ value: 0, label: t('orderimport:dialog.standard') }, ...(templates.data?.voList ?? []).map((v) => ({ value: v.id, label: v.name }))]}
          />
          <Button icon={<SettingOutlined />} onClick={() => setManaging(true)}>
            {t('orderimport:dialog.manage')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item label={t('orderimport:dialog.store')} extra={t('orderimport:dialog.storeHint')}>
        <StoreSelect aria-label={t('orderimport:dialog.store')} value={storeId} onChange={(v) => setStoreId(v as number | undefined)} allowClear style={{ width: '100%' }} />
      </Form.Item>
    </Form>
  );

  return (
    <>
      <ImportModal
        open={open}
        kind={ORDER_IMPORT_KIND}
        title={t('orderimport:dialog.title')}
        onClose={onClose}
        onDone={() => void client.invalidateQueries({ queryKey: ['orders'] })}
        texts={ORDER_IMPORT_TEXTS}
        extraFields={orderFields}
        upload={(file) => orderImportApi.start(file, templateId, storeId)}
        noFileMessage={t('orderimport:dialog.chooseFile')}
        templateFileName={t('orderimport:dialog.templateFile')}
        fieldLabels={(field) => (field ? t(`orderimport:fields.${field}`, { defaultValue: field }) : '')}
        renderSummary={(summary) => (
          <>
            {counts(summary, ['orders', 'new', 'existing'])}
            {(summary.existing ?? 0) > 0 && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                {t('orderimport:dialog.existingHint')}
              </Typography.Paragraph>
            )}
          </>
        )}
        renderResult={(result) => counts(result, ['orders', 'created', 'existing', 'updated'])}
        loadLabel={(task) => t('orderimport:dialog.load', { count: task.summary.orders ?? 0 })}
        width={760}
      />
      <ImportTemplatesModal open={managing} onClose={() => setManaging(false)} />
    </>
  );
}
