// The print button of the print tab (tab 2): choose a template (the courier's default when the
// selected orders share one), then the orders are prepared in chunks of 10 (indexSeq per chunk).
// Over one chunk a progress dialog with a Stop button shows (spec 01 §7); the run stops and reports
// at the first refusal, error or gateway timeout. The labels prepared are printed through the
// browser's print dialog at the template's size (which can save as PDF). Orders printed before are
// named first: print them again, print only the others, or cancel.
import { useMemo, useRef, useState } from 'react';
import { Button, InputNumber, Modal, Progress, Select, Space, Tooltip } from 'antd';
import { FileTextOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRINT_DEFAULTS, type OrderBatchResult, type OrderRow, type PrintLabel, type PrintTemplateRow } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { BatchResultModal } from '../../commands/components/batch-result-modal';
import { printApi } from '../api';
import { printErrorMessage, usePrintTemplates } from '../queries';
import { splitByPrinted } from '../reprint';
import { useQueryClient } from '@tanstack/react-query';

/** The template to offer first: the default of the orders' common courier, else the first one. */
/** Prints labels through label-html, loaded at the first print (with its QR and barcode code). */
async function printLabels(...args: Parameters<typeof import('../label-html').printDocument>): Promise<void> {
  const { printDocument, printHtml } = await import('../label-html');
  printHtml(printDocument(...args));
}

export function defaultTemplateFor(templates: readonly PrintTemplateRow[], orders: readonly Pick<OrderRow, 'expressCompanyCode'>[]): PrintTemplateRow | undefined {
  const couriers = new Set(orders.map((o) => o.expressCompanyCode).filter(Boolean));
  if (couriers.size === 1) {
    const [code] = couriers;
    const own = templates.find((t) => t.defaultFor.includes(code!));
    if (own) return own;
  }
  return templates[0];
}

interface Run {
  done: number;
  total: number;
}

export function PrintActions({ selected, onDone }: { selected: OrderRow[]; onDone?: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const templates = usePrintTemplates({ pageSize: 100, kind: 'WAYBILL' });
  const list = useMemo(() => templates.data?.voList ?? [], [templates.data]);
  const suggested = useMemo(() => defaultTemplateFor(list, selected), [list, selected]);
  const [chosen, setChosen] = useState<number | undefined>();
  const templateId = chosen ?? suggested?.id;
  const [run, setRun] = useState<Run | null>(null);
  const [result, setResult] = useState<OrderBatchResult | null>(null);
  const stop = useRef(false);
  const [reprint, setReprint] = useState<{ printed: OrderRow[]; notPrinted: OrderRow[] } | null>(null);
  // Several packages per order (carriers that take them) from a first package, and an insured value in yuan.
  const [packageCount, setPackageCount] = useState(1);
  const [firstDocumentNumber, setFirstDocumentNumber] = useState(1);
  const [insuredAmount, setInsuredAmount] = useState<string | null>(null);
  const [slipsRunning, setSlipsRunning] = useState(false);

  /** Delivery slips of the selected orders on the system A5 slip, in chunks of 10. */
  async function printSlips() {
    if (!selected.length) return;
    setSlipsRunning(true);
    const ids = selected.map((o) => o.id);
    const successIds: number[] = [];
    let failures: OrderBatchResult['failures'] = [];
    const slips: Array<Record<string, string>> = [];
    let template: PrintTemplateRow | null = null;
    try {
      for (let i = 0, seq = 0; i < ids.length; i += PRINT_DEFAULTS.chunk, seq++) {
        const r = await printApi.printSend({ idList: ids.slice(i, i + PRINT_DEFAULTS.chunk), indexSeq: seq, batchSeq: 0 });
        template = r.template;
        slips.push(...r.voList.map((v) => v.values));
        successIds.push(...r.successIds);
        if (r.isError) {
          failures = r.failures;
          break;
        }
      }
    } catch (error) {
      toast.error(printErrorMessage(error));
    } finally {
      setSlipsRunning(false);
    }
    void client.invalidateQueries({ queryKey: ['orders'] });
    if (template && slips.length) await printLabels(template, slips, t('printing:print.slipsTitle', { count: slips.length }));
    if (failures.length) setResult({ successIds, failures });
    onDone?.();
  }

  /** Asks first when some of the orders were printed before. */
  function start() {
    if (!selected.length) return;
    const split = splitByPrinted(selected, 'WAYBILL');
    if (split.printed.length) setReprint(split);
    else void print(selected);
  }

  async function print(rows: OrderRow[]) {
    setReprint(null);
    const template = list.find((x) => x.id === templateId);
    if (!template || !rows.length) return;
    const ids = rows.map((o) => o.id);
    const chunk = PRINT_DEFAULTS.chunk;
    stop.current = false;
    const labels: PrintLabel[] = [];
    const successIds: number[] = [];
    let failures: OrderBatchResult['failures'] = [];
    setRun({ done: 0, total: ids.length });
    for (let i = 0, seq = 0; i < ids.length; i += chunk, seq++) {
      if (stop.current) break;
      const part = ids.slice(i, i + chunk);
      try {
        const r = await printApi.prepare({ idList: part, templateId: template.id, indexSeq: seq, batchSeq: 0, packageCount, firstDocumentNumber: Math.min(firstDocumentNumber, packageCount), ...(insuredAmount ? { insuredAmount } : {}) });
        labels.push(...r.voList);
        successIds.push(...r.successIds);
        if (r.isError) {
          failures = r.failures;
          break;
        }
      } catch (error) {
        // An error or a gateway timeout: the chunk is reported refused as a whole.
        const message = printErrorMessage(error);
        failures = part.map((id) => ({ id, code: rows.find((o) => o.id === id)?.code ?? null, errorCode: 'ERR_PRINT_REQUEST', message }));
        break;
      }
      setRun({ done: Math.min(i + chunk, ids.length), total: ids.length });
    }
    setRun(null);
    void client.invalidateQueries({ queryKey: ['orders'] });
    void client.invalidateQueries({ queryKey: ['printing'] });
    if (labels.length) await printLabels(template, labels.map((l) => l.values), t('printing:print.documentTitle', { count: labels.length }));
    if (failures.length) setResult({ successIds, failures });
    else if (successIds.length) toast.success(t('printing:print.done', { count: successIds.length }));
    onDone?.();
  }

  return (
    <>
      <Space.Compact>
        <Select
          aria-label={t('printing:print.template')}
          style={{ width: 200 }}
          loading={templates.isLoading}
          value={templateId}
          onChange={setChosen}
          options={list.map((x) => ({ value: x.id, label: x.system ? `${x.name} · ${t('printing:list.system')}` : x.name }))}
          placeholder={t('printing:print.template')}
        />
        <Button icon={<PrinterOutlined />} disabled={!selected.length || !templateId} loading={!!run} onClick={start}>
          {t('printing:print.button')}
        </Button>
      </Space.Compact>
      <Tooltip title={t('printing:print.packagesHelp')}>
        <Space.Compact>
          <InputNumber aria-label={t('printing:print.packages')} addonBefore={t('printing:print.packages')} min={1} max={99} precision={0} style={{ width: 150 }} value={packageCount} onChange={(v) => setPackageCount(v ?? 1)} />
          <InputNumber aria-label={t('printing:print.fromPackage')} addonBefore={t('printing:print.fromPackage')} min={1} max={packageCount} precision={0} style={{ width: 130 }} value={Math.min(firstDocumentNumber, packageCount)} onChange={(v) => setFirstDocumentNumber(v ?? 1)} />
        </Space.Compact>
      </Tooltip>
      <InputNumber<string>
        aria-label={t('printing:print.insured')}
        placeholder={t('printing:print.insured')}
        stringMode
        min="0"
        max="1000000"
        precision={2}
        style={{ width: 140 }}
        value={insuredAmount}
        onChange={(v) => setInsuredAmount(v)}
      />
      <Button icon={<FileTextOutlined />} disabled={!selected.length} loading={slipsRunning} onClick={() => void printSlips()}>
        {t('printing:print.slips')}
      </Button>
      <Modal
        open={!!run && run.total > PRINT_DEFAULTS.chunk}
        title={t('printing:print.progress')}
        closable={false}
        maskClosable={false}
        footer={
          <Button danger onClick={() => (stop.current = true)}>
            {t('printing:print.stop')}
          </Button>
        }
      >
        {run && <Progress percent={Math.round((run.done / run.total) * 100)} format={() => `${run.done} / ${run.total}`} />}
      </Modal>
      <Modal
        open={!!reprint}
        title={t('printing:print.reprintTitle')}
        onCancel={() => setReprint(null)}
        footer={
          reprint && (
            <Space>
              <Button onClick={() => setReprint(null)}>{t('common:actions.cancel')}</Button>
              {reprint.notPrinted.length > 0 && <Button onClick={() => void print(reprint.notPrinted)}>{t('printing:print.reprintSkip')}</Button>}
              <Button type="primary" autoFocus onClick={() => void print(selected)}>
                {t('printing:print.reprintAll')}
              </Button>
            </Space>
          )
        }
      >
        {reprint && t('printing:print.reprintText', { printed: reprint.printed.length, total: selected.length })}
      </Modal>
      <BatchResultModal title={t('printing:print.resultTitle')} result={result} onClose={() => setResult(null)} />
    </>
  );
}
