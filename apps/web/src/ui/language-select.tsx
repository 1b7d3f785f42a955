import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@openseller/core';
import { changeLanguage, currentLanguage } from '../app/i18n';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Select
      aria-label={t('common:language')}
      value={currentLanguage()}
      key={i18n.language}
      suffixIcon={<GlobalOutlined />}
      style={{ minWidth: 150 }}
      options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      onChange={(value: Language) => void changeLanguage(value)}
    />
  );
}
