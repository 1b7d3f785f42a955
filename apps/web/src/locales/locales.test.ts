// Every language pack has every key of the English pack, with the plural forms its language
// needs, and keeps the {{placeholders}}; the Chinese pack keeps the spec's product text.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@openseller/core';

const dir = path.dirname(fileURLToPath(import.meta.url));
// Every namespace the English pack has.
const NAMESPACES = fs.readdirSync(path.join(dir, 'en')).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree | Tree[] };

function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (Array.isArray(tree)) tree.forEach((v, i) => flatten(v, `${prefix}[${i}]`).forEach((s, k) => out.set(k, s)));
  else if (tree && typeof tree === 'object') for (const [k, v] of Object.entries(tree)) flatten(v, prefix ? `${prefix}.${k}` : k).forEach((s, key) => out.set(key, s));
  else out.set(prefix, String(tree));
  return out;
}

function load(language: string, namespace: string): Map<string, string> {
  const file = path.join(dir, language, `${namespace}.json`);
  return flatten(JSON.parse(fs.readFileSync(file, 'utf8')) as Tree);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const bcp47 = (l: string) => l.replace('_', '-');

describe('language packs', () => {
  const english = Object.fromEntries(NAMESPACES.map((ns) => [ns, load('en', ns)]));

  for (const language of LANGUAGES) {
    it(`${language} has every key, plural form and placeholder of the English pack`, () => {
      const categories = new Intl.PluralRules(bcp47(language)).resolvedOptions().pluralCategories;
      for (const ns of NAMESPACES) {
        const pack = load(language, ns);
        const missing: string[] = [];
        for (const [key, text] of english[ns]!) {
          if (PLURAL.test(key)) {
            const base = key.replace(PLURAL, '');
            // Every form carries the placeholders of the English 'other' form; a 'one' form may
            // leave out {{count}} ("one item").
            const expected = placeholders(english[ns]!.get(`${base}_other`) ?? text);
            for (const category of categories) {
              const translated = pack.get(`${base}_${category}`);
              if (translated === undefined) {
                missing.push(`${ns}:${base}_${category}`);
                continue;
              }
              const got = placeholders(translated);
              const allowed = category === 'one' ? [expected.join(), expected.filter((p) => p !== 'count').join()] : [expected.join()];
              if (!allowed.includes(got.join())) missing.push(`${ns}:${base}_${category} (placeholders)`);
            }
            continue;
          }
          const translated = pack.get(key);
          if (translated === undefined || translated.trim() === '') missing.push(`${ns}:${key}`);
          else if (placeholders(translated).join() !== placeholders(text).join()) missing.push(`${ns}:${key} (placeholders ${placeholders(translated)} vs ${placeholders(text)})`);
        }
        expect(missing, `${language} pack`).toEqual([]);
      }
    });
  }

  it('keeps the product text quoted by the spec in Chinese', () => {
    expect(load('zh', 'common').get('noPagePermission')).toBe('您没有页面权限!');
    expect(load('zh', 'common').get('loadError')).toBe('加载错误，请尝试刷新页面');
    expect(load('zh', 'common').get('empty')).toBe('暂无数据');
    expect(load('zh', 'common').get('validation.required')).toBe('该字段不能为空');
    expect(load('zh', 'auth').get('loginSuccess')).toBe('登录成功！');
    expect(load('zh', 'auth').get('mobileRequired')).toBe('请输入手机号！');
    expect(load('zh', 'auth').get('mobileInvalid')).toBe('请输入正确的手机号！');
    expect(load('zh', 'auth').get('passwordRules.LENGTH')).toBe('密码长度请设置在8-20位');
    expect(load('zh', 'auth').get('passwordRules.CHARSET')).toBe('密码需同时包含：字母、数字、符号');
    expect(load('zh', 'auth').get('passwordRules.SAME_AS_USERNAME')).toBe('密码不能与用户名一样');
    expect(load('zh', 'auth').get('passwordRules.USERNAME_SIMPLE')).toBe('密码不能是用户名与简单字符组合');
  });

  it('names every route of the route table in English', async () => {
    const { ROUTES } = await import('@openseller/core');
    const nav = english.nav!;
    for (const r of ROUTES) expect(nav.has(`routes.${r.title}`), r.title).toBe(true);
  });
});
