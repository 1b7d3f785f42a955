// Choose, change or replace the system SKU of an online SKU: the goods area's SKU picker, and
// optionally moving the unshipped order lines of the online SKU to the new SKU.
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Descriptions, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SkuPick, TbSkuRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { SkuPicker } from '../../goods/components/sku-picker';
import { mappingApi } from '../api';
import { mappingErrorMessage, useMappingMutation } from '../queries';
import { MappedSkuCell, OnlineSkuCell } from './cells';

export function ReplaceSkuModal({ row, onClose }: { row: TbSkuRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<SkuPick | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [updateOrders, setUpdateOrders] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const replace = useMappingMutation(mappingApi.replace, { toastErrors: false });

  useEffect(() => {
    setChosen(null);
    setUpdateOrders(false);
    setProblem(null);
    // Open the picker at once: choosing is what the dialog is for.
    setPickerOpen(!!row);
  }, [row]);

  const save = () => {
    if (!row || !chosen) return;
    replace.mutate(
      { tbSkuId: row.tbSkuId, storeId: row.storeId, skuId: chosen.id, isUpdateNormalOrderDetail: updateOrders, version: row.version },
      {
        onSuccess: (result) => {
          toast.success(updateOrders ? t('mapping:replace.doneWithOrders', { count: result.updatedOrderCount }) : t('mapping:replace.done'));
          onClose();
        },
        onError: (error) => setProblem(mappingErrorMessage(error)),
      },
    );
  };

  const title = !row ? '' : row.mappingStatus === 'already' ? t('mapping:replace.titleReplace') : t('mapping:replace.titleChoose');
  return (
    <>
      <Modal
        open={!!row}
        title={title}
        onCancel={onClose}
        onOk={save}
        okText={t('mapping:replace.save')}
        okButtonProps={{ disabled: !chosen }}
        cancelText={t('common:actions.cancel')}
        confirmLoading={replace.isPending}
        maskClosable={false}
        width={720}
        destroyOnHidden
      >
        {row && (
          <Flex vertical gap={16}>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('mapping:columns.online')}>
                <OnlineSkuCell row={row} />
              </Descriptions.Item>
              <Descriptions.Item label={t('mapping:replace.current')}>
                <MappedSkuCell row={row} />
              </Descriptions.Item>
              <Descriptions.Item label={t('mapping:replace.new')}>
                <Flex gap={12} align="center" wrap>
                  {chosen ? (
                    <span>
                      <Typography.Text strong>{chosen.code}</Typography.Text> {chosen.name}
                      {chosen.specifications && <Typography.Text type="secondary"> · {chosen.specifications}</Typography.Text>}
                    </span>
                  ) : (
                    <Typography.Text type="secondary">{t('mapping:replace.noneChosen')}</Typography.Text>
                  )}
                  <Button onClick={() => setPickerOpen(true)}>{chosen ? t('mapping:replace.chooseOther') : t('mapping:replace.choose')}</Button>
                </Flex>
              </Descriptions.Item>
            </Descriptions>
            <Checkbox checked={updateOrders} onChange={(e) => setUpdateOrders(e.target.checked)}>
              {t('mapping:replace.updateOrders')}
            </Checkbox>
            <Typography.Text type="secondary">{t('mapping:replace.updateOrdersHint')}</Typography.Text>
            {problem && <Alert type="error" showIcon message={problem} role="alert" />}
          </Flex>
        )}
      </Modal>
      <SkuPicker
        open={pickerOpen}
        multiple={false}
        title={t('mapping:replace.pickerTitle')}
        onClose={() => setPickerOpen(false)}
        onConfirm={(skus) => {
          setChosen(skus[0] ?? null);
          setProblem(null);
        }}
        {...(row?.mappingStatus === 'already' && row.skuId ? { excludeSkuIds: [row.skuId] } : {})}
      />
    </>
  );
}
