// Create or edit a stop-shipping template (/config/expressStop/template/createTemplate, ?id= to
// edit; menu MENU_EXPRESS_STOP): name, carrier, usable, and the areas as a region tree of
// checkboxes. A fully checked province is stored as the whole province; otherwise its checked
// cities. District-level areas (made through the API) are kept and listed as tags.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Skeleton, Space, Switch, Tag, Tree, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RegionTreeNode, StopArea, StopTemplateRow } from '@openseller/core';
import { ApiError } from '../../../../app/request';
import { toast } from '../../../../app/toast';
import { requiredRule } from '../../../../ui/form-rules';
import { PageTitle } from '../../../../ui/page-title';
import { leaveWithoutAsking, useUnsavedChanges } from '../../../../ui/unsaved-changes';
import { applyServerFieldErrors } from '../../../accounts/components/form-errors';
import { ExpressCompanySelect } from '../../../express/components/express-company-select';
import { stopTemplatesApi } from '../api';
import { regionLabel } from '../components/rule-form-drawer';
import { expressRuleErrorMessage, useExpressRuleMutation, useRegionTree, useStopTemplate } from '../queries';
import { areaText } from './express-stop-page';

const SEP = '\u0001';
const provinceKey = (p: string) => `p${SEP}${p}`;
const cityKey = (p: string, c: string) => `c${SEP}${p}${SEP}${c}`;

/** The checked keys of the tree for stored areas (district areas are left aside). */
function keysOf(areas: StopArea[], tree: RegionTreeNode[]): string[] {
  const keys: string[] = [];
  for (const a of areas) {
    if (a.district) continue;
    const node = tree.find((p) => p.value === a.province);
    if (!node) continue;
    if (!a.city) {
      keys.push(provinceKey(node.value), ...(node.children ?? []).map((c) => cityKey(node.value, c.value)));
    } else keys.push(cityKey(node.value, a.city));
  }
  return keys;
}

/** Areas of the checked keys: a province whose cities are all checked (or that has none) is one area. */
function areasOf(checked: string[], tree: RegionTreeNode[]): StopArea[] {
  const set = new Set(checked);
  const areas: StopArea[] = [];
  for (const p of tree) {
    const cities = p.children ?? [];
    if (set.has(provinceKey(p.value)) || (cities.length > 0 && cities.every((c) => set.has(cityKey(p.value, c.value))))) {
      areas.push({ province: p.value });
      continue;
    }
    for (const c of cities) if (set.has(cityKey(p.value, c.value))) areas.push({ province: p.value, city: c.value });
  }
  return areas;
}

function TemplateForm({ template, tree }: { template: StopTemplateRow | null; tree: RegionTreeNode[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [checked, setChecked] = useState<string[]>(() => keysOf(template?.areas ?? [], tree));
  const [districts, setDistricts] = useState<StopArea[]>(() => (template?.areas ?? []).filter((a) => a.district));
  const [areasError, setAreasError] = useState<string | null>(null);
  // Changed by the user: a field, a checked area or a district removed.
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);
  const save = useExpressRuleMutation((input: Parameters<typeof stopTemplatesApi.create>[0]) =>
    template ? stopTemplatesApi.update({ ...input, id: template.id, version: template.version }) : stopTemplatesApi.create(input),
  );
  const treeData = useMemo(
    () =>
      tree.map((p) => ({
        key: provinceKey(p.value),
        title: regionLabel(p, i18n.language),
        children: (p.children ?? []).map((c) => ({ key: cityKey(p.value, c.value), title: c.label })),
      })),
    [tree, i18n.language],
  );

  const submit = async () => {
    const values = await form.validateFields();
    const areas = [...areasOf(checked, tree), ...districts];
    if (!areas.length) {
      setAreasError(t('expressrules:stop.areasRequired'));
      return;
    }
    setAreasError(null);
    save.mutate(
      { ...values, areas },
      {
        onSuccess: () => {
          toast.success(t('expressrules:stop.saved'));
          leaveWithoutAsking(() => navigate('/config/expressStop'));
        },
        onError: (e) => {
          if (e instanceof ApiError && typeof e.params.field === 'string' && e.params.field.startsWith('areas')) setAreasError(expressRuleErrorMessage(e));
          else if (!(e instanceof ApiError) || !applyServerFieldErrors(form, e)) toast.error(expressRuleErrorMessage(e));
        },
      },
    );
  };

  return (
    <Card size="small">
      <Form form={form} onValuesChange={() => setChanged(true)} layout="vertical" style={{ maxWidth: 720 }} initialValues={template ? { name: template.name, expressCompanyCode: template.expressCompanyCode, usable: template.usable } : { usable: true }}>
        <Form.Item name="name" label={t('expressrules:stop.name')} rules={[requiredRule(), { max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="expressCompanyCode" label={t('expressrules:fields.expressCompany')} rules={[{ required: true, message: t('expressrules:form.required') }]}>
          <ExpressCompanySelect valueField="code" />
        </Form.Item>
        <Form.Item name="usable" label={t('expressrules:fields.usable')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={t('expressrules:stop.areas')} required validateStatus={areasError ? 'error' : undefined} help={areasError ?? t('expressrules:stop.areasHelp')}>
          <div style={{ maxHeight: 420, overflow: 'auto', border: '1px solid rgba(5,5,5,0.1)', borderRadius: 6, padding: 8 }}>
            {treeData.length ? <Tree checkable selectable={false} treeData={treeData} checkedKeys={checked} onCheck={(keys) => {
                  setChecked((Array.isArray(keys) ? keys : keys.checked) as string[]);
                  setChanged(true);
                }} /> : <Empty />}
          </div>
        </Form.Item>
        {districts.length > 0 && (
          <Form.Item label={t('expressrules:stop.districtAreas')}>
            <Space wrap>
              {districts.map((a) => (
                <Tag key={areaText(a)} closable onClose={() => {
                    setDistricts(districts.filter((d) => d !== a));
                    setChanged(true);
                  }}>
                  {areaText(a)}
                </Tag>
              ))}
            </Space>
          </Form.Item>
        )}
        <Typography.Paragraph type="secondary">{t('expressrules:stop.chosenCount', { count: areasOf(checked, tree).length + districts.length })}</Typography.Paragraph>
        <Space>
          <Button onClick={() => navigate('/config/expressStop')}>{t('common:actions.back')}</Button>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            {t('common:actions.save')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

export default function StopTemplatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const { data: template, isLoading, error } = useStopTemplate(id);
  const { data: tree, isLoading: treeLoading, error: treeError } = useRegionTree();
  const failure = error ?? treeError;
  return (
    <div>
      <PageTitle title={t(id ? 'expressrules:stop.editTitle' : 'expressrules:stop.createTitle')} />
      {failure && <Alert type="error" showIcon message={expressRuleErrorMessage(failure)} />}
      {(isLoading && !!id) || treeLoading ? <Skeleton active /> : tree && (!id || template) ? <TemplateForm key={template?.id ?? 'new'} template={template ?? null} tree={tree} /> : null}
    </div>
  );
}
