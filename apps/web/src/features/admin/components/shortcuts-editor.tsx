// The home page's shortcut editor (homepage createOrupdateDomainMenu), loaded when first opened.
import { Modal, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HOME_MENU_MAX, type RouteDefinition } from '@openseller/core';
import { toast } from '../../../app/toast';
import { adminApi } from '../api';

export default function ShortcutsEditor({
  editing,
  onChange,
  choices,
}: {
  /** The menus being chosen; null: closed. */
  editing: string[] | null;
  onChange: (menus: string[] | null) => void;
  choices: { menu: string; route: RouteDefinition }[];
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (names: string[]) => adminApi.saveHomeMenu(names),
    onSuccess: (answer) => {
      client.setQueryData(['home-menu'], answer);
      toast.success(t('common:saved'));
      onChange(null);
    },
  });
  return (
    <Modal
      open={editing !== null}
      title={t('admin:home.editShortcuts')}
      onCancel={() => onChange(null)}
      onOk={() => save.mutate(editing ?? [])}
      confirmLoading={save.isPending}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        maxCount={HOME_MENU_MAX}
        optionFilterProp="label"
        value={editing ?? []}
        onChange={onChange}
        aria-label={t('admin:home.shortcuts')}
        options={choices.map((c) => ({ value: c.menu, label: t(`nav:routes.${c.route.title}`) }))}
      />
    </Modal>
  );
}
