// Create or edit a stop-shipping template (/config/expressStop/template/createTemplate, ?id= to
// edit; menu MENU_EXPRESS_STOP): name, carrier, usable, and the areas in a multi-select cascader of
// the official divisions (ui/regions.ts): a fully checked province is stored as the whole province,
// a fully checked city as the city, else its checked districts.
import { useState } from 'react';
import { Alert, Button, Card, Cascader, Form, Input, Skeleton, Space, Switch, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { StopTemplateRow } from '@openseller/core';
import { ApiError } from '../../../../app/request';
import { toast } from '../../../../app/toast';
import { useRegionOptions } from '../../../../ui/address-fields';
import { requiredRule } from '../../../../ui/form-rules';
import { PageTitle } from '../../../../ui/page-title';
import { areasOfPaths, pathsOfAreas, type RegionOption } from '../../../../ui/regions';
import { leaveWithoutAsking, useUnsavedChanges } from '../../../../ui/unsaved-changes';
import { applyServerFieldErrors } from '../../../accounts/components/form-errors';
import { ExpressCompanySelect } from '../../../express/components/express-company-select';
import { stopTemplatesApi } from '../api';
import { expressRuleErrorMessage, useExpressRuleMutation, useStopTemplate } from '../queries';

const searchFilter = (input: string, path: RegionOption[]) => path.some((o) => o.label.includes(input.trim()));

function TemplateForm({ template, regions }: { template: StopTemplateRow | null; regions: RegionOption[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [paths, setPaths] = useState<string[][]>(() => pathsOfAreas(template?.areas ?? []));
  const [areasError, setAreasError] = useState<string | null>(null);
  // Changed by the user: a field, a checked area or a district removed.
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(changed);
  const save = useExpressRuleMutation((input: Parameters<typeof stopTemplatesApi.create>[0]) =>
    template ? stopTemplatesApi.update({ ...input, id: template.id, version: template.version }) : stopTemplatesApi.create(input),
  );
  const submit = async () => {
    const values = await form.validateFields();
    const areas = areasOfPaths(paths);
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
          <Cascader
            multiple
            aria-label={t('expressrules:stop.areas')}
            options={regions}
            value={paths}
            showCheckedStrategy={Cascader.SHOW_PARENT}
            showSearch={{ filter: searchFilter }}
            maxTagCount="responsive"
            style={{ width: '100%' }}
            onChange={(value) => {
              setPaths(value as string[][]);
              setChanged(true);
            }}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('expressrules:stop.chosenCount', { count: paths.length })}</Typography.Paragraph>
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
  const { data: regions, isLoading: regionsLoading, error: regionsError } = useRegionOptions();
  const failure = error ?? regionsError;
  return (
    <div>
      <PageTitle title={t(id ? 'expressrules:stop.editTitle' : 'expressrules:stop.createTitle')} />
      {failure && <Alert type="error" showIcon message={expressRuleErrorMessage(failure)} />}
      {(isLoading && !!id) || regionsLoading ? <Skeleton active /> : regions && (!id || template) ? <TemplateForm key={template?.id ?? 'new'} template={template ?? null} regions={regions} /> : null}
    </div>
  );
}
