// The language choice of the signed-out pages: a native select (antd's Select with its option
// list and virtual scroller was 40 KB of the sign-in page's JavaScript).
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@openseller/core';
import { changeLanguage, currentLanguage } from '../app/i18n';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <label className="os-language-select">
      <GlobalOutlined aria-hidden />
      <select
        aria-label={t('common:language')}
        value={currentLanguage()}
        key={i18n.language}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void changeLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
