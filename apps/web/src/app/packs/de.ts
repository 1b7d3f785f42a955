// The de language packs by namespace, a map loaded with the language (i18n.ts).
export default import.meta.glob<{ default: Record<string, unknown> }>('../../locales/de/*.json');
