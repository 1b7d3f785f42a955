// Express rules (/config/logistics-rules, menu MENU_EXPRESS_RULE): one tab per rule type, each a
// list edited in place (usable switch, up/down order, edit in a drawer) and saved as a whole; and
// the order the five types are tried in. See the orders README "How the courier is chosen".
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Popconfirm, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EXPRESS_RULE_TYPES, type ExpressRuleCondition, type ExpressRuleType, type RegionTreeNode } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { PageTitle } from '../../../../ui/page-title';
import { useUnsavedChanges } from '../../../../ui/unsaved-changes';
import { useUserExpressCompanies } from '../../../express/queries';
import { useStoreOptions } from '../../../stores/queries';
import { expressRulesApi } from '../api';
import { RuleFormDrawer, type DraftRule } from '../components/rule-form-drawer';
import { expressRuleErrorMessage, useExpressRuleMutation, useRegionTree, useRuleList, useRulePriority } from '../queries';

let draftCounter = 0;
const newKey = () => `new-${++draftCounter}`;

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

function RuleTypeTab({ type, tree }: { type: ExpressRuleType; tree: RegionTreeNode[] }) {
  const { t } = useTranslation();
  const { data, isLoading, error } = useRuleList(type);
  const { data: carriers } = useUserExpressCompanies();
  const { data: stores } = useStoreOptions();
  const [draft, setDraft] = useState<DraftRule[]>([]);
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<DraftRule | 'new' | null>(null);
  const [problem, setProblem] = useState<{ index: number | null; message: string } | null>(null);
  const save = useExpressRuleMutation(expressRulesApi.saveList);
  useUnsavedChanges(dirty);

  useEffect(() => {
    if (!data) return;
    setDraft(data.map((r) => ({ key: String(r.id), id: r.id, version: r.version, usable: r.usable, ruleCondition: r.ruleCondition })));
    setDirty(false);
  }, [data]);

  const change = (next: DraftRule[]) => {
    setDraft(next);
    setDirty(true);
    setProblem(null);
  };

  const carrierName = (code: string) => carriers?.find((c) => c.code === code)?.name ?? code;
  const condition = (c: ExpressRuleCondition) => {
    switch (type) {
      case 'BY_AREA':
        return (
          <span>
            {c.province}
            {!!c.areaExceptions?.length && <Typography.Text type="secondary">{` ${t('expressrules:list.except', { areas: c.areaExceptions.join('、') })}`}</Typography.Text>}
          </span>
        );
      case 'BY_WEIGHT':
        return `${c.weightMin ?? '0'} kg ≤ ${t('expressrules:list.weight')} < ${c.weightMax ? `${c.weightMax} kg` : '∞'}`;
      case 'BY_STORE':
        return stores?.find((s) => s.id === c.storeId)?.name ?? `#${c.storeId}`;
      case 'BY_CUSTOM':
        return `${t(`expressrules:keywordIn.${c.keywordIn ?? 'ANY'}`)}: "${c.keyword}"`;
      case 'BY_SKU':
        return (
          <span>
            <Typography.Text code>{c.skuCode}</Typography.Text> {c.skuName}
          </span>
        );
    }
  };

  const submit = () =>
    save.mutate(
      { type, rules: draft.map((r) => ({ id: r.id ?? null, version: r.version ?? null, usable: r.usable, ruleCondition: r.ruleCondition })) },
      {
        onSuccess: () => toast.success(t('expressrules:list.saved')),
        onError: (e) => {
          const field = (e as { params?: Record<string, unknown> }).params?.field;
          const m = typeof field === 'string' ? /^rules\.(\d+)\./.exec(field) : null;
          setProblem({ index: m ? Number(m[1]) : null, message: expressRuleErrorMessage(e) });
        },
      },
    );

  const columns: ColumnsType<DraftRule> = [
    { title: t('expressrules:list.position'), key: 'pos', width: 70, render: (_, __, i) => i + 1 },
    { title: t('expressrules:fields.condition'), key: 'condition', render: (_, r) => condition(r.ruleCondition) },
    { title: t('expressrules:fields.expressCompany'), key: 'carrier', render: (_, r) => <Tag color="blue">{carrierName(r.ruleCondition.expressCompanyCode)}</Tag> },
    {
      title: t('expressrules:fields.usable'),
      key: 'usable',
      width: 90,
      render: (_, r, i) => <Switch size="small" checked={r.usable} aria-label={t('expressrules:fields.usable')} onChange={(usable) => change(draft.map((d, j) => (j === i ? { ...d, usable } : d)))} />,
    },
    {
      title: t('common:actions.title'),
      key: 'actions',
      width: 230,
      render: (_, r, i) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<ArrowUpOutlined />} aria-label={t('expressrules:list.up')} disabled={i === 0} onClick={() => change(move(draft, i, i - 1))} />
          <Button type="link" size="small" icon={<ArrowDownOutlined />} aria-label={t('expressrules:list.down')} disabled={i === draft.length - 1} onClick={() => change(move(draft, i, i + 1))} />
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {t('common:actions.edit')}
          </Button>
          <Popconfirm title={t('expressrules:list.removeConfirm')} onConfirm={() => change(draft.filter((_, j) => j !== i))}>
            <Button type="link" size="small" danger>
              {t('common:actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{t(`expressrules:help.${type}`)}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={expressRuleErrorMessage(error)} />}
      {problem && <Alert type="error" showIcon message={problem.index !== null ? t('expressrules:list.rowProblem', { row: problem.index + 1, message: problem.message }) : problem.message} />}
      <Space>
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('expressrules:list.add')}
        </Button>
        <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={submit}>
          {t('common:actions.save')}
        </Button>
        {dirty && <Typography.Text type="warning">{t('expressrules:list.unsaved')}</Typography.Text>}
      </Space>
      <Table<DraftRule>
        rowKey="key"
        size="small"
        loading={isLoading}
        columns={columns}
        dataSource={draft}
        pagination={false}
        rowClassName={(_, i) => (problem?.index === i ? 'ant-table-row-selected' : '')}
        locale={{ emptyText: <Empty description={t('expressrules:list.empty')} /> }}
      />
      <RuleFormDrawer
        type={type}
        tree={tree}
        open={editing !== null}
        rule={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onDone={(values) => {
          if (editing === 'new') change([...draft, { key: newKey(), ...values }]);
          else if (editing) change(draft.map((d) => (d.key === editing.key ? { ...d, ...values } : d)));
          setEditing(null);
        }}
      />
    </Space>
  );
}

function PriorityEditor() {
  const { t } = useTranslation();
  const { data, isLoading, error } = useRulePriority();
  const [types, setTypes] = useState<ExpressRuleType[]>([]);
  const save = useExpressRuleMutation(expressRulesApi.savePriority);
  useEffect(() => {
    if (data) setTypes(data.types);
  }, [data]);
  const dirty = !!data && data.types.join() !== types.join();
  useUnsavedChanges(dirty);
  return (
    <Card size="small" title={t('expressrules:priority.title')} loading={isLoading} style={{ marginBottom: 16 }}>
      {error && <Alert type="error" showIcon message={expressRuleErrorMessage(error)} />}
      <Typography.Paragraph type="secondary">{t('expressrules:priority.help')}</Typography.Paragraph>
      <Space orientation="vertical" style={{ width: '100%' }} size={4}>
        {types.map((type, i) => (
          <div key={type} style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', maxWidth: 420, padding: '4px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
            <Space>
              <Tag>{i + 1}</Tag>
              {t(`expressrules:types.${type}`)}
            </Space>
            <Space>
              <Button size="small" icon={<ArrowUpOutlined />} aria-label={`${t('expressrules:list.up')} ${t(`expressrules:types.${type}`)}`} disabled={i === 0} onClick={() => setTypes(move(types, i, i - 1))} />
              <Button size="small" icon={<ArrowDownOutlined />} aria-label={`${t('expressrules:list.down')} ${t(`expressrules:types.${type}`)}`} disabled={i === types.length - 1} onClick={() => setTypes(move(types, i, i + 1))} />
            </Space>
          </div>
        ))}
      </Space>
      <Button
        type="primary"
        disabled={!dirty}
        loading={save.isPending}
        style={{ marginTop: 8 }}
        onClick={() =>
          save.mutate({ types, version: data?.version ?? 0 }, { onSuccess: () => toast.success(t('expressrules:priority.saved')), onError: (e) => toast.error(expressRuleErrorMessage(e)) })
        }
      >
        {t('expressrules:priority.save')}
      </Button>
    </Card>
  );
}

export default function ExpressRulesPage() {
  const { t } = useTranslation();
  const { data: tree, error } = useRegionTree();
  const regions = useMemo(() => tree ?? [], [tree]);
  return (
    <div>
      <PageTitle title={t('expressrules:title')} />
      {error && <Alert type="error" showIcon message={expressRuleErrorMessage(error)} />}
      <PriorityEditor />
      <Card size="small">
        {/* Tabs stay mounted once opened: a list edited in one tab keeps its draft while another is looked at. */}
        <Tabs
          items={EXPRESS_RULE_TYPES.map((type) => ({ key: type, label: t(`expressrules:types.${type}`), children: <RuleTypeTab type={type} tree={regions} /> }))}
        />
      </Card>
    </div>
  );
}
