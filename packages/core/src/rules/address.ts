// Address analysis (spec 02 §7.6 addressAnalysis): a pasted Chinese address split into province,
// city, district and the rest. Tolerant of missing 省/市 suffixes and of spaces; a part it cannot
// find is null. Pure: the region catalogue is packages/core/src/catalogues/regions.ts.
import { REGIONS, type RegionProvince } from '../catalogues/regions.js';

export interface ParsedAddress {
  province: string | null;
  city: string | null;
  district: string | null;
  /** What follows the parts found (street, number), trimmed; null when empty. */
  detail: string | null;
}

/** Ways a name may be written at the start of a text, longest first. */
function spellings(full: string, short: string): string[] {
  return [...new Set([full, short])].filter(Boolean).sort((a, b) => b.length - a.length);
}

function cityShort(name: string): string {
  const autonomous = /^(.{2,}?)(?:[\u4e00-\u9fa5]{1,6}族)+自治州$/.exec(name);
  if (autonomous) return autonomous[1]!;
  const m = /^(.{2,}?)(?:地区|林区|市|盟|州)$/.exec(name);
  return m ? m[1]! : name;
}

/** The first spelling the text starts with, and what follows it (a stray suffix of the short form is eaten too). */
function startsWithName(text: string, full: string, short: string, suffixes: RegExp): string | null {
  for (const s of spellings(full, short)) {
    if (!text.startsWith(s)) continue;
    let rest = text.slice(s.length);
    if (s !== full) rest = rest.replace(suffixes, '');
    return rest;
  }
  return null;
}

const PROVINCE_SUFFIX = /^(?:省|市|自治区|壮族自治区|回族自治区|维吾尔自治区|特别行政区)/;
const CITY_SUFFIX = /^(?:市|地区|盟)/;
/** A district, county or county-level city word right after the city: 2–8 characters ending in 区/县/市/旗. */
const DISTRICT = /^([\u4e00-\u9fa5]{1,7}?(?:自治县|自治旗|新区|区|县|市|旗))/;
/** Characters that end a street name, not a district name. */
const STREETISH = /[路街道巷号弄村镇乡楼]/;
/** A city of a province without a city list: a word ending in 市/州/盟/地区. */
const ANY_CITY = /^([\u4e00-\u9fa5]{1,10}?(?:地区|市|州|盟))/;

function cityOf(province: RegionProvince, text: string): { city: string; rest: string } | null {
  if (province.kind === 'MUNICIPALITY') {
    // 北京市朝阳区 / 北京朝阳区 / 北京市北京市朝阳区: the city is the municipality itself.
    const again = startsWithName(text, province.name, province.shortName, CITY_SUFFIX);
    return { city: province.name, rest: again ?? text };
  }
  for (const city of province.cities) {
    const rest = startsWithName(text, city.name, cityShort(city.name), CITY_SUFFIX);
    if (rest !== null) return { city: city.name, rest };
  }
  if (!province.cities.length) {
    const m = ANY_CITY.exec(text);
    if (m && !STREETISH.test(m[1]!)) return { city: m[1]!, rest: text.slice(m[1]!.length) };
  }
  return null;
}

function districtOf(text: string): { district: string; rest: string } | null {
  const m = DISTRICT.exec(text);
  if (!m || STREETISH.test(m[1]!) || m[1]!.length < 2) return null;
  return { district: m[1]!, rest: text.slice(m[1]!.length) };
}

export function parseAddress(text: string | null | undefined): ParsedAddress {
  let rest = (text ?? '').replace(/[\s\u3000,，]+/g, '');
  let province: RegionProvince | undefined;
  let city: string | null = null;
  let district: string | null = null;

  for (const p of REGIONS) {
    const after = startsWithName(rest, p.name, p.shortName, PROVINCE_SUFFIX);
    if (after !== null) {
      province = p;
      rest = after;
      break;
    }
  }
  if (province) {
    const found = cityOf(province, rest);
    if (found) {
      city = found.city;
      rest = found.rest;
    }
  } else {
    // No province written: a known city names it (杭州市西湖区… → 浙江省).
    outer: for (const p of REGIONS) {
      if (p.kind === 'MUNICIPALITY') continue;
      for (const c of p.cities) {
        const after = startsWithName(rest, c.name, cityShort(c.name), CITY_SUFFIX);
        if (after !== null && (after !== rest || c.name.length > 0)) {
          province = p;
          city = c.name;
          rest = after;
          break outer;
        }
      }
    }
  }
  if (province || city) {
    const found = districtOf(rest);
    if (found) {
      district = found.district;
      rest = found.rest;
    }
  }
  return { province: province?.name ?? null, city, district, detail: rest ? rest : null };
}

export interface ParsedContactAddress extends ParsedAddress {
  /** The receiver's name when the text carries one (a short word beside the address), else null. */
  name: string | null;
  /** A mainland mobile (11 digits) or a landline (0 + area code + number), digits only but the landline's dash. */
  phone: string | null;
}

/** Labels people paste with the values (收货人：张三 手机号码：…), dropped before reading. */
const CONTACT_LABELS = /(?:收货人|收件人|联系人|姓名|手机号码|手机号|手机|联系电话|电话|所在地区|详细地址|收货地址|地址)\s*[:：]?/g;
/** A mainland mobile, optionally +86 and written in groups (138 1234 5678, 138-1234-5678). */
const MOBILE = /(?:\+?86[\s-]?)?(1[3-9]\d)[\s-]?(\d{4})[\s-]?(\d{4})(?!\d)/;
/** A landline: 0 + a 2–3 digit area code, then 7–8 digits. */
const LANDLINE = /(?<!\d)(0\d{2,3})[\s-]?(\d{7,8})(?!\d)/;
/** A word that can be a person's name: 2–5 Chinese characters (with a middle dot), or a Latin name. */
const NAME_WORD = /^(?:[\u4e00-\u9fa5·]{2,5}|[A-Za-z][A-Za-z .]{1,29})$/;
/** Ends that make a word a place, not a name. */
const PLACE_END = /[省市区县旗州盟镇乡村路街巷弄号楼室栋幢园苑道里坊厦城寓]$/;

function nameWord(word: string): boolean {
  if (!NAME_WORD.test(word) || PLACE_END.test(word)) return false;
  const parsed = parseAddress(word);
  return parsed.province === null && parsed.city === null;
}

/**
 * A pasted receiver (spec 02 §7.6 addressAnalysis): name, phone and address in any order, with or
 * without labels and separators (张三，13812345678，浙江省杭州市西湖区文三路100号). The phone is
 * found by its digits; the name is the first or the last word (split at spaces and punctuation)
 * that reads like a name and not a place; the rest is read by parseAddress.
 */
export function parseContactAddress(text: string | null | undefined): ParsedContactAddress {
  let rest = (text ?? '').replace(CONTACT_LABELS, ' ');
  let phone: string | null = null;
  const mobile = MOBILE.exec(rest);
  if (mobile) {
    phone = `${mobile[1]}${mobile[2]}${mobile[3]}`;
    rest = rest.slice(0, mobile.index) + ' ' + rest.slice(mobile.index + mobile[0].length);
  } else {
    const landline = LANDLINE.exec(rest);
    if (landline) {
      phone = `${landline[1]}-${landline[2]}`;
      rest = rest.slice(0, landline.index) + ' ' + rest.slice(landline.index + landline[0].length);
    }
  }
  const words = rest.split(/[\s\u3000,，;；、|/]+/).filter(Boolean);
  let name: string | null = null;
  if (words.length > 1) {
    if (nameWord(words[0]!)) name = words.shift()!;
    else if (nameWord(words[words.length - 1]!)) name = words.pop()!;
  }
  return { ...parseAddress(words.join(' ')), name, phone };
}
