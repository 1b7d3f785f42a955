// The waybill buttons of the print tab (tab 2): "Get waybill numbers" from the carrier of each
// order's waybill account, and paper waybill numbers counted from the last number per courier
// (set in a small dialog). Refusals per order show in the batch-result dialog.
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderBatchResult } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { ExpressCompanySelect } from '../../../express/components/express-company-select';
import { BatchResultModal } from '../../commands/components/batch-result-modal';
import { waybillNumbersApi } from '../api';
import { useLastExpressNo, useWaybillMutation, waybillErrorMessage } from '../queries';

function PaperModal({ open, ids, onClose, onResult }: { open: boolean; ids: number[]; onClose: () => void; onResult: (r: OrderBatchResult) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ expressCompanyCode: string; lastNo: string; increment: number }>();
  const code = Form.useWatch('expressCompanyCode', form);
  const last = useLastExpressNo(code);
  const setLast = useWaybillMutation(waybillNumbersApi.updateLastNo);
  const take = useWaybillMutation(waybillNumbersApi.takePaper);
  return (
    <Modal
      open={open}
      title={t('waybills:paper.title')}
      onCancel={onClose}
      destroyOnHidden
      okText={t('waybills:paper.number', { count: ids.length })}
      okButtonProps={{ disabled: !ids.length, loading: take.isPending }}
      onOk={() =>
        take.mutate(ids, {
          onSuccess: (r) => {
            onClose();
            onResult(r);
          },
          onError: (e) => toast.error(waybillErrorMessage(e)),
        })
      }
    >
      <Typography.Paragraph type="secondary">{t('waybills:paper.help')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          setLast.mutate({ expressCompanyCode: v.expressCompanyCode, lastNo: v.lastNo, increment: v.increment ?? 1 }, { onSuccess: () => toast.success(t('waybills:paper.saved')), onError: (e) => toast.error(waybillErrorMessage(e)) })
        }
      >
        <Form.Item name="expressCompanyCode" label={t('waybills:fields.expressCompanyCode')} rules={[{ required: true, message: t('waybills:validation.required', { field: t('waybills:fields.expressCompanyCode') }) }]}>
          <ExpressCompanySelect valueField="code" />
        </Form.Item>
        {code && (
          <Typography.Paragraph>
            {t('waybills:paper.current', { lastNo: last.data?.lastNo ?? t('waybills:paper.none'), increment: last.data?.increment ?? 1 })}
          </Typography.Paragraph>
        )}
        <Space align="start">
          <Form.Item
            name="lastNo"
            label={t('waybills:paper.lastNo')}
            rules={[
              { required: true, message: t('waybills:validation.required', { field: t('waybills:paper.lastNo') }) },
              { pattern: /^[A-Za-z]*\d{1,30}$/, message: t('waybills:paper.lastNoFormat') },
            ]}
          >
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="increment" label={t('waybills:paper.increment')} initialValue={1}>
            <InputNumber min={1} max={1000} precision={0} />
          </Form.Item>
          <Form.Item label=" ">
            <Button htmlType="submit" loading={setLast.isPending}>
              {t('waybills:paper.set')}
            </Button>
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/** The waybill-number buttons for the selected orders; onDone after a run (to refresh or clear the selection). */
export function WaybillActions({ selectedIds, onDone }: { selectedIds: number[]; onDone?: (result: OrderBatchResult) => void }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<OrderBatchResult | null>(null);
  const [paper, setPaper] = useState(false);
  const take = useWaybillMutation(waybillNumbersApi.take);

  const report = (r: OrderBatchResult) => {
    if (!r.failures.length) toast.success(t('waybills:take.done', { count: r.successIds.length }));
    else setResult(r);
    onDone?.(r);
  };

  return (
    <>
      <Space>
        <Button type="primary" disabled={!selectedIds.length} loading={take.isPending} onClick={() => take.mutate(selectedIds, { onSuccess: report, onError: (e) => toast.error(waybillErrorMessage(e)) })}>
          {t('waybills:take.button')}
        </Button>
        <Button disabled={!selectedIds.length} onClick={() => setPaper(true)}>
          {t('waybills:paper.button')}
        </Button>
      </Space>
      <PaperModal open={paper} ids={selectedIds} onClose={() => setPaper(false)} onResult={report} />
      <BatchResultModal title={t('waybills:take.resultTitle')} result={result} onClose={() => setResult(null)} />
    </>
  );
}
