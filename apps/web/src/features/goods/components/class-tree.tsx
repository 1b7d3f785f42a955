// The classification tree beside the goods list (spec 02 §3.1): all goods, goods without a class
// (the default node) and up to three levels of classes with their goods counts. Choosing a node
// filters the list; the toolbar adds, renames and deletes classes.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Spin, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { DeleteOutlined, EditOutlined, FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SKU_CLASS_MAX_DEPTH, type SkuClassNode } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { goodsApi } from '../api';
import { useClassTree, useGoodsMutation } from '../queries';
import { applyGoodsFieldErrors, codeRules, stripSpaces } from './goods-form-rules';

/** '' all goods, '0' goods without a class, otherwise a class id. */
export type ClassChoice = string;

const levelOf = (type: string) => (type.startsWith('LEVEL_') ? Number(type.slice(6)) : 0);

export function findClass(nodes: SkuClassNode[], id: number): SkuClassNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findClass(n.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The tree as TreeSelect options (for moving goods and the goods form). */
export function classOptions(nodes: SkuClassNode[]): { value: number; title: string; children: ReturnType<typeof classOptions> }[] {
  return nodes.map((n) => ({ value: n.id, title: `${n.name} (${n.code})`, children: classOptions(n.children) }));
}

interface ClassFormValues {
  code: string;
  name: string;
  sortIndex: number;
}

function ClassFormModal({ mode, node, parent, onClose }: { mode: 'create' | 'edit' | null; node?: SkuClassNode | undefined; parent?: SkuClassNode | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ClassFormValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useGoodsMutation(async (values: ClassFormValues) => {
    if (mode === 'edit' && node) return goodsApi.updateClass({ id: node.id, version: node.version, ...values });
    return goodsApi.createClass({ ...values, parentId: parent?.id ?? null });
  });
  const title = mode === 'edit' ? t('goods:classes.editTitle') : parent ? t('goods:classes.addChildTitle', { parent: parent.name }) : t('goods:classes.addTitle');
  return (
    <Modal
      open={mode !== null}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      maskClosable={false}
      destroyOnHidden
      afterOpenChange={(open) => {
        setProblem(null);
        if (open) form.setFieldsValue(mode === 'edit' && node ? { code: node.code, name: node.name, sortIndex: node.sortIndex } : { code: '', name: '', sortIndex: 0 });
      }}
    >
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} role="alert" />}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) =>
          save.mutate(values, {
            onSuccess: () => {
              toast.success(t('common:saved'));
              onClose();
            },
            onError: (e) => {
              if (e instanceof ApiError && !applyGoodsFieldErrors(form, e)) setProblem(errorMessage(e));
            },
          })
        }
      >
        <Form.Item name="code" label={t('goods:classes.code')} rules={codeRules()} getValueFromEvent={stripSpaces}>
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="name" label={t('goods:classes.name')} rules={[{ required: true, whitespace: true, message: t('common:validation.required') }, { max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="sortIndex" label={t('goods:classes.sortIndex')}>
          <InputNumber min={0} max={99999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ClassTree({ value, onChange }: { value: ClassChoice; onChange: (choice: ClassChoice) => void }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useClassTree();
  const [editing, setEditing] = useState<{ mode: 'create' | 'edit'; node?: SkuClassNode; parent?: SkuClassNode } | null>(null);
  const remove = useGoodsMutation((id: number) => goodsApi.deleteClass(id));
  const selected = value && value !== '0' && data ? findClass(data.nodes, Number(value)) : undefined;

  const treeData = useMemo<DataNode[]>(() => {
    if (!data) return [];
    const toData = (nodes: SkuClassNode[]): DataNode[] =>
      nodes.map((n) => ({
        key: String(n.id),
        title: (
          <span>
            {n.name} <Typography.Text type="secondary">({n.goodsCount})</Typography.Text>
          </span>
        ),
        children: toData(n.children),
      }));
    return [
      { key: '', title: <strong>{t('goods:classes.all', { count: data.totalCount })}</strong> },
      {
        key: '0',
        title: (
          <span>
            {t('goods:classes.unclassified')} <Typography.Text type="secondary">({data.unclassifiedCount})</Typography.Text>
          </span>
        ),
      },
      ...toData(data.nodes),
    ];
  }, [data, t]);

  const canAddChild = selected && levelOf(selected.type) < SKU_CLASS_MAX_DEPTH;

  return (
    <Card
      size="small"
      title={t('goods:classes.title')}
      style={{ width: 250, flexShrink: 0 }}
      styles={{ body: { padding: 8 } }}
      extra={
        <Space size={0}>
          <Tooltip title={t('goods:classes.add')}>
            <Button type="text" size="small" icon={<PlusOutlined />} aria-label={t('goods:classes.add')} onClick={() => setEditing({ mode: 'create' })} />
          </Tooltip>
          <Tooltip title={canAddChild ? t('goods:classes.addChild') : t('goods:classes.addChildHint')}>
            <Button type="text" size="small" icon={<FolderAddOutlined />} aria-label={t('goods:classes.addChild')} disabled={!canAddChild} onClick={() => selected && setEditing({ mode: 'create', parent: selected })} />
          </Tooltip>
          <Tooltip title={t('goods:classes.edit')}>
            <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('goods:classes.edit')} disabled={!selected} onClick={() => selected && setEditing({ mode: 'edit', node: selected })} />
          </Tooltip>
          <Popconfirm
            title={selected ? t('goods:classes.confirmDelete', { name: selected.name }) : ''}
            disabled={!selected}
            okText={t('common:actions.ok')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() =>
              selected &&
              remove.mutate(selected.id, {
                onSuccess: () => {
                  toast.success(t('goods:classes.deleted', { name: selected.name }));
                  onChange('');
                },
              })
            }
          >
            <Tooltip title={t('goods:classes.delete')}>
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('goods:classes.delete')} disabled={!selected} />
            </Tooltip>
          </Popconfirm>
        </Space>
      }
    >
      {isPending && <Spin size="small" />}
      {error && <Alert type="error" showIcon message={(error as Error).message} />}
      {data && (
        <Tree
          blockNode
          defaultExpandAll
          treeData={treeData}
          selectedKeys={[value]}
          onSelect={(keys) => onChange(keys.length ? String(keys[0]) : '')}
        />
      )}
      {data && data.nodes.length === 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 4px 0', fontSize: 12 }}>
          {t('goods:classes.empty')}
        </Typography.Paragraph>
      )}
      <ClassFormModal mode={editing?.mode ?? null} node={editing?.node} parent={editing?.parent} onClose={() => setEditing(null)} />
    </Card>
  );
}
