// Interface language packs (spec 01 §1).
export const LANGUAGES = ['zh', 'zh_TW', 'en', 'de', 'el', 'es', 'fa', 'fr', 'it', 'ja', 'nb_NO', 'pl', 'pt', 'ru', 'tr', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

/** The name of each language in itself, for the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  zh: '简体中文',
  zh_TW: '繁體中文',
  en: 'English',
  de: 'Deutsch',
  el: 'Ελληνικά',
  es: 'Español',
  fa: 'فارسی',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  nb_NO: 'Norsk bokmål',
  pl: 'Polski',
  pt: 'Português',
  ru: 'Русский',
  tr: 'Türkçe',
  vi: 'Tiếng Việt',
};

export const RTL_LANGUAGES: readonly Language[] = ['fa'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks the closest supported language for a BCP 47 tag or an Accept-Language header
 * ('zh-TW', 'zh-Hant-HK', 'nb', 'pt-BR', 'de-DE,de;q=0.9').
 */
export function matchLanguage(tags: string | readonly string[] | null | undefined, fallback: Language = DEFAULT_LANGUAGE): Language {
  const list = typeof tags === 'string' ? tags.split(',').map((t) => t.split(';')[0]!.trim()) : (tags ?? []);
  for (const raw of list) {
    if (!raw) continue;
    const tag = raw.replace('_', '-').toLowerCase();
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh_TW';
    const primary = tag.split('-')[0]!;
    if (primary === 'zh') return 'zh';
    if (primary === 'nb' || primary === 'no' || primary === 'nn') return 'nb_NO';
    if (isLanguage(primary)) return primary;
  }
  return fallback;
}
