// Sixteen language packs (spec 01 §1), loaded on demand, with antd's and dayjs's locale
// switched alongside. The choice is remembered per browser.
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import { isLanguage, LANGUAGES, matchLanguage, RTL_LANGUAGES, type Language } from '@openseller/core';
import { STORAGE_KEYS } from './auth-store';
import { registeredNamespaces } from './i18n-namespaces';

// One namespace per area; an area's error codes go under errors.* of its own namespace.
export const NAMESPACES = [
  'common',
  'nav',
  'auth',
  'accounts',
  'home',
  'system',
  'errors',
  'goods',
  'mapping',
  'promotions',
  'stores',
  'warehouses',
  'express',
  'suppliers',
  'purchase',
  'purchasereturn',
  'finance',
  'reconciliation',
  'replenish',
  'logs',
  'stock',
  'inbound',
  'rma',
  'aftersales',
  'outbound',
  'stockcheck',
  'stocksync',
  'orders',
  'ordercommands',
  'orderingest',
  'expressrules',
  'freight',
  'orderimport',
  'orderexceptions',
  'ordershipping',
  'ordertracking',
  'waybills',
  'printing',
  'orderchecking',
  'orderintercepts',
  'live',
  'settings',
  'reports',
  'reportship',
  'billing',
  'notices',
  'admin',
  'guides',
  // Import problems by code: Chinese and English are core's catalogue, the other languages their packs.
  'importproblems',
] as const;

// One small map per language (app/packs/<language>.ts), loaded with its language: a map of every
// language's packs was 8 KB of JavaScript on every first load.
type PackMap = Record<string, () => Promise<{ default: Record<string, unknown> }>>;
const packMaps = import.meta.glob<{ default: PackMap }>('./packs/*.ts');
const packMapOf = new Map<string, Promise<PackMap>>();
function packsOf(language: string): Promise<PackMap> {
  let map = packMapOf.get(language);
  if (!map) {
    const load = packMaps[`./packs/${language}.ts`];
    map = load ? load().then((m) => m.default) : Promise.resolve({});
    packMapOf.set(language, map);
  }
  return map;
}

/**
 * Starts loading these namespaces' packs in this language now (the page being opened), before
 * i18next asks for them: its reads then find the modules loaded. Resolves once the packs have
 * been asked for (the language's pack map has arrived), not when they have arrived.
 */
export function preloadPacks(language: Language, namespaces: readonly string[]): Promise<void> {
  return packsOf(language).then(
    (packs) => {
      for (const namespace of new Set(namespaces)) void packs[`../../locales/${language}/${namespace}.json`]?.().catch(() => undefined);
    },
    () => undefined,
  );
}

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (namespace === 'importproblems' && (language === 'zh' || language === 'en')) {
      import('./import-problem-pack').then(
        ({ importProblemPack }) => callback(null, importProblemPack(language)),
        (error: unknown) => callback(error as Error, false),
      );
      return;
    }
    packsOf(language)
      .then((packs) => {
        const load = packs[`../../locales/${language}/${namespace}.json`];
        return load ? load().then((mod) => mod.default) : {};
      })
      .then(
        (pack) => callback(null, pack),
        (error: unknown) => callback(error as Error, false),
      );
  },
};

const antdLocales: Record<Language, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  zh_TW: () => import('antd/es/locale/zh_TW'),
  en: () => import('antd/es/locale/en_US'),
  de: () => import('antd/es/locale/de_DE'),
  el: () => import('antd/es/locale/el_GR'),
  es: () => import('antd/es/locale/es_ES'),
  fa: () => import('antd/es/locale/fa_IR'),
  fr: () => import('antd/es/locale/fr_FR'),
  it: () => import('antd/es/locale/it_IT'),
  ja: () => import('antd/es/locale/ja_JP'),
  nb_NO: () => import('antd/es/locale/nb_NO'),
  pl: () => import('antd/es/locale/pl_PL'),
  pt: () => import('antd/es/locale/pt_PT'),
  ru: () => import('antd/es/locale/ru_RU'),
  tr: () => import('antd/es/locale/tr_TR'),
  vi: () => import('antd/es/locale/vi_VN'),
};

const dayjsLocales: Record<Language, { name: string; load: () => Promise<unknown> }> = {
  zh: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  zh_TW: { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  en: { name: 'en', load: () => Promise.resolve() },
  de: { name: 'de', load: () => import('dayjs/locale/de') },
  el: { name: 'el', load: () => import('dayjs/locale/el') },
  es: { name: 'es', load: () => import('dayjs/locale/es') },
  fa: { name: 'fa', load: () => import('dayjs/locale/fa') },
  fr: { name: 'fr', load: () => import('dayjs/locale/fr') },
  it: { name: 'it', load: () => import('dayjs/locale/it') },
  ja: { name: 'ja', load: () => import('dayjs/locale/ja') },
  nb_NO: { name: 'nb', load: () => import('dayjs/locale/nb') },
  pl: { name: 'pl', load: () => import('dayjs/locale/pl') },
  pt: { name: 'pt', load: () => import('dayjs/locale/pt') },
  ru: { name: 'ru', load: () => import('dayjs/locale/ru') },
  tr: { name: 'tr', load: () => import('dayjs/locale/tr') },
  vi: { name: 'vi', load: () => import('dayjs/locale/vi') },
};

/** The language remembered in this browser, else the browser's own, else Chinese. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  return matchLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'zh';
}

export function isRtl(language: Language): boolean {
  return RTL_LANGUAGES.includes(language);
}

let dayjsInUse = false;

export async function loadAntdLocale(language: Language): Promise<Locale> {
  // dayjs starts in English: a first load in English does not need it (the date pickers bring it).
  if (language === 'en' && !dayjsInUse) return (await antdLocales.en()).default;
  dayjsInUse = true;
  const [mod, { default: dayjs }] = await Promise.all([antdLocales[language](), import('dayjs'), dayjsLocales[language].load()]);
  dayjs.locale(dayjsLocales[language].name);
  return mod.default;
}

export async function initI18n(): Promise<Language> {
  const language = initialLanguage();
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      // Every pack has every key of the English one (locales.test.ts), so English is not loaded
      // beside another language as a fallback (it was: twice the language bytes on each first load).
      fallbackLng: false,
      load: 'currentOnly',
      cleanCode: false,
      lowerCaseLng: false,
      nonExplicitSupportedLngs: false,
      // Only the namespaces of the code loaded so far; a page's own come with it (loadPageNamespaces).
      ns: registeredNamespaces() ?? [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  applyDocumentLanguage(language);
  return language;
}

function applyDocumentLanguage(language: Language) {
  document.documentElement.lang = language.replace('_', '-');
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
}

/** Loads the packs of the namespaces registered by code loaded since (a page's, the shell's). */
export async function loadPageNamespaces(): Promise<void> {
  const namespaces = registeredNamespaces();
  if (namespaces && i18next.isInitialized) await i18next.loadNamespaces(namespaces);
}

export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.language, language);
  await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
}

export { i18next };
