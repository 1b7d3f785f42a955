// Hideable table columns, remembered per browser (spec 01 §6: users can hide table columns,
// stored locally). Columns are identified by their key.
import { useState } from 'react';
import { Button, Checkbox, Popover, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../app/auth-store';
import { fitHeaderWidths } from './header-fit';

function readHidden(tableKey: string): string[] {
  try {
    const all = JSON.parse(localStorage.getItem(STORAGE_KEYS.hiddenColumns) ?? '{}') as Record<string, string[]>;
    return all[tableKey] ?? [];
  } catch {
    return [];
  }
}

function writeHidden(tableKey: string, hidden: string[]): void {
  let all: Record<string, string[]>;
  try {
    all = JSON.parse(localStorage.getItem(STORAGE_KEYS.hiddenColumns) ?? '{}') as Record<string, string[]>;
  } catch {
    all = {};
  }
  all[tableKey] = hidden;
  localStorage.setItem(STORAGE_KEYS.hiddenColumns, JSON.stringify(all));
}

/**
 * The visible columns of a table and a button to choose them. `defaultHidden` are hidden until the
 * user shows them (e.g. the distribution price); columns without a key are always shown.
 */
export function useColumnSettings<T>(tableKey: string, columns: ColumnsType<T>, defaultHidden: string[] = [], options: { fitHeaders?: boolean } = {}) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState<string[]>(() => {
    const stored = localStorage.getItem(STORAGE_KEYS.hiddenColumns);
    return stored && (JSON.parse(stored) as Record<string, string[]>)[tableKey] !== undefined ? readHidden(tableKey) : defaultHidden;
  });
  const keyed = columns.filter((c) => c.key !== undefined && c.key !== 'actions');
  const visible = columns.filter((c) => c.key === undefined || !hidden.includes(String(c.key)));
  const toggle = (key: string, show: boolean) => {
    const next = show ? hidden.filter((k) => k !== key) : [...hidden, key];
    setHidden(next);
    writeHidden(tableKey, next);
  };
  const button = (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('common:columns.title')}
      content={
        <Space direction="vertical">
          {keyed.map((c) => (
            <Checkbox key={String(c.key)} checked={!hidden.includes(String(c.key))} onChange={(e) => toggle(String(c.key), e.target.checked)}>
              {typeof c.title === 'function' ? String(c.key) : (c.title as React.ReactNode)}
            </Checkbox>
          ))}
        </Space>
      }
    >
      <Button icon={<SettingOutlined />} aria-label={t('common:columns.title')}>
        {t('common:columns.button')}
      </Button>
    </Popover>
  );
  // A compact table (ui/density.tsx) sizes its columns for its smaller header text itself.
  return { columns: options.fitHeaders === false ? visible : fitHeaderWidths(visible), settingsButton: button };
}
