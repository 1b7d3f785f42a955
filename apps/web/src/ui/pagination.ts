import type { TablePaginationConfig } from 'antd';
import { PAGE_SIZE_OPTIONS } from '@openseller/core';
import { i18next } from '../app/i18n';

/** Table pagination (spec 01 §9): options 10/50/100/500/1000 and the total text. */
export function tablePagination(current: number, pageSize: number, total: number, onChange: (page: number, size: number) => void): TablePaginationConfig {
  return {
    current,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal: (n) => i18next.t('common:pagination.total', { total: n }),
    onChange,
  };
}
