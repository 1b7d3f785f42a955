// /system/manuals (root account): the help centre's manuals by language and section, as a tree
// with add, edit (HTML content, video address, attachments, shown or hidden), move up and down
// (the order readers see) and delete. Readers see them at /docs, signed out too.
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Segmented, Select, Space, Switch, Table, Tabs, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MANUAL_KINDS, MANUAL_LANGS, MANUAL_SECTIONS, type ManualAttachment, type ManualKind, type ManualLang, type ManualNode, type ManualSection } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { requiredRule } from '../../../ui/form-rules';
import { PageTitle } from '../../../ui/page-title';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { guideKeys, guidesApi } from '../api';

type Row = Omit<ManualNode, 'children'> & { children?: Row[] };
const rowsOf = (nodes: ManualNode[]): Row[] => nodes.map(({ children, ...n }) => (children.length ? { ...n, children: rowsOf(children) } : n));
const dirsOf = (nodes: ManualNode[], depth = 0): { id: number; title: string; depth: number }[] =>
  nodes.flatMap((n) => (n.kind === 'DIR' ? [{ id: n.id, title: n.title, depth }, ...dirsOf(n.children, depth + 1)] : []));
const siblingsOf = (nodes: ManualNode[], parentId: number | null): ManualNode[] => {
  if (parentId === null) return nodes;
  for (const n of nodes) {
    if (n.id === parentId) return n.children;
    const inner = siblingsOf(n.children, parentId);
    if (inner.length) return inner;
  }
  return [];
};

export default function ManualsAdminPage() {
  const { t } = useTranslation('guides');
  const queryClient = useQueryClient();
  const [state, setState] = useListState({ lang: 'zh', section: 'GETTING_STARTED' });
  const lang = state.lang as ManualLang;
  const section = state.section as ManualSection;
  const [editing, setEditing] = useState<{ id: number | null; parentId: number | null } | null>(null);
  const tree = useQuery({ queryKey: guideKeys.tree(lang, section), queryFn: () => guidesApi.tree(lang, section) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: guideKeys.manuals });
  const remove = useMutation({
    mutationFn: (n: Row) => guidesApi.get(n.id).then((d) => guidesApi.remove(d.id, d.version)),
    onSuccess: () => {
      toast.success(t('admin.deleted'));
      void refresh();
    },
  });
  const move = useMutation({
    mutationFn: ({ node, by }: { node: Row; by: -1 | 1 }) => {
      const ids = siblingsOf(tree.data ?? [], node.parentId).map((s) => s.id);
      const at = ids.indexOf(node.id);
      const to = at + by;
      if (at < 0 || to < 0 || to >= ids.length) return Promise.resolve(null);
      [ids[at], ids[to]] = [ids[to]!, ids[at]!];
      return guidesApi.sort(node.parentId, ids);
    },
    onSuccess: () => void refresh(),
  });

  return (
    <>
      <PageTitle
        title={t('admin.title')}
        extra={
          <Space>
            <a href="#/docs/getting-started" target="_blank" rel="noopener noreferrer">
              {t('admin.openHelpCentre')}
            </a>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null, parentId: null })}>
              {t('admin.add')}
            </Button>
          </Space>
        }
      />
      <Card>
        <Space style={{ marginBottom: 12 }}>
          <Segmented aria-label={t('admin.lang')} value={lang} onChange={(v) => setState({ lang: String(v) })} options={MANUAL_LANGS.map((l) => ({ value: l, label: t(`admin.langs.${l}`) }))} />
        </Space>
        <Tabs activeKey={section} onChange={(s) => setState({ section: s })} items={MANUAL_SECTIONS.map((s) => ({ key: s, label: t(`docs.sections.${s}`) }))} />
        {tree.isError && <Alert type="error" showIcon message={t('docs.loadFailed')} />}
        <Table<Row>
          rowKey="id"
          loading={tree.isPending}
          dataSource={rowsOf(tree.data ?? [])}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          key={`${lang}-${section}-${tree.dataUpdatedAt}`}
          locale={{ emptyText: t('admin.empty') }}
          columns={[
            { title: t('admin.titleColumn'), dataIndex: 'title' },
            { title: t('admin.kind'), dataIndex: 'kind', width: 110, render: (k: ManualKind) => <Tag>{t(`admin.kinds.${k}`)}</Tag> },
            { title: t('admin.shown'), dataIndex: 'enabled', width: 90, render: (v: boolean) => (v ? <Tag color="success">{t('admin.yes')}</Tag> : <Tag>{t('admin.no')}</Tag>) },
            { title: t('admin.updated'), dataIndex: 'updatedAt', width: 170, render: (v: string) => <DateTime value={v} /> },
            {
              title: t('admin.actions'),
              width: 260,
              render: (_, n) => (
                <Space size={0}>
                  <Button type="link" size="small" icon={<ArrowUpOutlined />} aria-label={t('admin.up')} onClick={() => move.mutate({ node: n, by: -1 })} />
                  <Button type="link" size="small" icon={<ArrowDownOutlined />} aria-label={t('admin.down')} onClick={() => move.mutate({ node: n, by: 1 })} />
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ id: n.id, parentId: n.parentId })}>
                    {t('admin.edit')}
                  </Button>
                  {n.kind === 'DIR' && (
                    <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ id: null, parentId: n.id })}>
                      {t('admin.addInside')}
                    </Button>
                  )}
                  <Popconfirm title={t('admin.confirmDelete')} onConfirm={() => remove.mutate(n)}>
                    <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('admin.delete')} />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing && (
        <EntryEditor
          key={editing.id ?? `new-${editing.parentId}`}
          id={editing.id}
          parentId={editing.parentId}
          lang={lang}
          section={section}
          dirs={dirsOf(tree.data ?? [])}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}

interface EditorValues {
  parentId: number | null;
  kind: ManualKind;
  title: string;
  content: string;
  videoUrl: string;
  attachments: ManualAttachment[];
  enabled: boolean;
}

function EntryEditor(props: { id: number | null; parentId: number | null; lang: ManualLang; section: ManualSection; dirs: { id: number; title: string; depth: number }[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('guides');
  const [form] = Form.useForm<EditorValues>();
  const [error, setError] = useState<string | null>(null);
  const existing = useQuery({ queryKey: [...guideKeys.manuals, 'entry', props.id], queryFn: () => guidesApi.get(props.id!), enabled: props.id !== null });
  const kind = Form.useWatch('kind', form);
  const save = useMutation({
    mutationFn: (v: EditorValues) =>
      guidesApi.save({
        ...(existing.data ? { id: existing.data.id, version: existing.data.version } : {}),
        parentId: v.parentId ?? null,
        section: existing.data?.section ?? props.section,
        lang: existing.data?.lang ?? props.lang,
        kind: v.kind,
        title: v.title,
        content: v.content ?? '',
        videoUrl: v.kind === 'VIDEO' ? v.videoUrl || null : null,
        attachments: (v.attachments ?? []).filter((a) => a && (a.name || a.url)),
        enabled: v.enabled,
      }),
    onSuccess: () => {
      toast.success(t('admin.saved'));
      props.onSaved();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fields.length) form.setFields(e.fields.map((f) => ({ name: f.field.split('.')[0] as keyof EditorValues, errors: [f.message] })));
      setError(e instanceof ApiError ? errorMessage(e) : String(e));
    },
  });
  if (props.id !== null && existing.isPending) return <Modal open loading title={t('admin.edit')} onCancel={props.onClose} footer={null} />;
  const initial: EditorValues = existing.data
    ? { parentId: existing.data.parentId, kind: existing.data.kind, title: existing.data.title, content: existing.data.content, videoUrl: existing.data.videoUrl ?? '', attachments: existing.data.attachments, enabled: existing.data.enabled }
    : { parentId: props.parentId, kind: props.section === 'ISSUES' ? 'FAQ' : props.section === 'VIDEO' ? 'VIDEO' : 'ARTICLE', title: '', content: '', videoUrl: '', attachments: [], enabled: true };
  return (
    <Modal
      open
      width={760}
      title={props.id === null ? t('admin.add') : t('admin.edit')}
      onCancel={props.onClose}
      okText={t('admin.save')}
      confirmLoading={save.isPending}
      onOk={() => {
        setError(null);
        form.validateFields().then((v) => save.mutate(v), () => undefined);
      }}
      maskClosable={false}
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="parentId" label={t('admin.parent')}>
          <Select
            allowClear
            placeholder={t('admin.topLevel')}
            options={props.dirs.filter((d) => d.id !== props.id).map((d) => ({ value: d.id, label: `${'— '.repeat(d.depth)}${d.title}` }))}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('admin.kind')} rules={[{ required: true }]}>
          <Segmented options={MANUAL_KINDS.map((k) => ({ value: k, label: t(`admin.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="title" label={t('admin.titleColumn')} rules={[requiredRule(), { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        {kind === 'VIDEO' && (
          <Form.Item name="videoUrl" label={t('admin.videoUrl')} rules={[requiredRule()]} extra={t('admin.videoHint')}>
            <Input placeholder="https://" />
          </Form.Item>
        )}
        {kind !== 'DIR' && (
          <Form.Item name="content" label={t('admin.content')} rules={kind === 'VIDEO' ? [] : [requiredRule()]} extra={t('admin.contentHint')}>
            <Input.TextArea rows={10} />
          </Form.Item>
        )}
        {kind !== 'DIR' && (
          <Form.List name="attachments">
            {(fields, { add, remove }) => (
              <Form.Item label={t('admin.attachments')}>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                    <Form.Item name={[f.name, 'name']} rules={[requiredRule()]}>
                      <Input placeholder={t('admin.attachmentName')} aria-label={t('admin.attachmentName')} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'url']} rules={[requiredRule()]}>
                      <Input placeholder="https:// or /docs/..." aria-label={t('admin.attachmentUrl')} style={{ width: 360 }} />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      {t('admin.delete')}
                    </Button>
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ name: '', url: '' })}>
                  {t('admin.addAttachment')}
                </Button>
              </Form.Item>
            )}
          </Form.List>
        )}
        <Form.Item name="enabled" label={t('admin.shown')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} />}
      </Form>
    </Modal>
  );
}
