import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGH_MARGIN_PERCENT } from '../rules/order-check.js';
import { DOMAIN_SETTINGS, DomainSettingsSaveInput, PRINT_GOODS_NUMBER_CONFIG, SYS_CONFIG_GROUPS } from './domain-settings.js';
import { WEIGH_MARGIN_CONFIG } from './orders-checking.js';
import { ORDER_OVERDUE_CONFIG, ORDER_OVERDUE_DEFAULT } from './orders-list.js';

const save = (items: { itemCode: string; value: unknown }[]) => DomainSettingsSaveInput.safeParse({ items });
const firstIssue = (items: { itemCode: string; value: unknown }[]) => {
  const result = save(items);
  expect(result.success).toBe(false);
  return result.error!.issues[0]!;
};

describe('the domain settings catalogue', () => {
  it('holds the overdue warning, the weigh margin, the print goods number and the report time zone with the defaults their readers use', () => {
    expect(DOMAIN_SETTINGS.map((s) => [s.code, s.kind, s.defaultValue, s.group])).toEqual([
      [ORDER_OVERDUE_CONFIG.enabled, 'boolean', String(ORDER_OVERDUE_DEFAULT.enabled), 'orders'],
      [ORDER_OVERDUE_CONFIG.hours, 'integer', String(ORDER_OVERDUE_DEFAULT.hours), 'orders'],
      [WEIGH_MARGIN_CONFIG, 'decimal', String(DEFAULT_WEIGH_MARGIN_PERCENT), 'orders'],
      [PRINT_GOODS_NUMBER_CONFIG, 'integer', '0', 'print'],
      ['REPORT_TIME_ZONE', 'timeZone', 'Asia/Shanghai', 'reports'],
    ]);
    expect(SYS_CONFIG_GROUPS.PRINT_CONFIG).toEqual([PRINT_GOODS_NUMBER_CONFIG]);
  });
});

describe('saving domain settings', () => {
  it('takes a report time zone by its IANA name and refuses one that does not exist, naming the value', () => {
    expect(save([{ itemCode: 'REPORT_TIME_ZONE', value: ' America/Los_Angeles ' }]).data).toEqual({ items: [{ itemCode: 'REPORT_TIME_ZONE', value: 'America/Los_Angeles' }] });
    expect(save([{ itemCode: 'REPORT_TIME_ZONE', value: 'UTC' }]).success).toBe(true);
    for (const value of ['Mars/Olympus_Mons', '', 'Asia/Shanghai; drop table', 8]) {
      const issue = firstIssue([{ itemCode: 'REPORT_TIME_ZONE', value }]);
      expect(issue.path).toEqual(['items', 0, 'value']);
      expect(issue.message).toBe('REPORT_TIME_ZONE must be a time zone such as Asia/Shanghai');
    }
  });

  it('keeps each value as the text its reader expects, from a text, a number or a boolean', () => {
    const result = save([
      { itemCode: ORDER_OVERDUE_CONFIG.enabled, value: false },
      { itemCode: ` ${ORDER_OVERDUE_CONFIG.hours} `, value: ' 048 ' },
      { itemCode: WEIGH_MARGIN_CONFIG, value: '12.50' },
    ]);
    expect(result.data?.items).toEqual([
      { itemCode: 'ORDER_OVERDUE_WARNING_ENABLED', value: 'false' },
      { itemCode: 'ORDER_OVERDUE_WARNING_HOURS', value: '48' },
      { itemCode: 'ORDER_WEIGH_MARGIN_PERCENT', value: '12.5' },
    ]);
    expect(save([{ itemCode: ORDER_OVERDUE_CONFIG.enabled, value: '1' }]).data?.items[0]!.value).toBe('true');
    expect(save([{ itemCode: ORDER_OVERDUE_CONFIG.hours, value: 720 }]).data?.items[0]!.value).toBe('720');
    expect(save([{ itemCode: WEIGH_MARGIN_CONFIG, value: 0 }]).data?.items[0]!.value).toBe('0');
  });

  it('refuses an unknown setting, naming its code field', () => {
    const issue = firstIssue([{ itemCode: 'ORDER_OVERDUE_WARNING_HOURS', value: '24' }, { itemCode: 'NO_SUCH_SETTING', value: '1' }]);
    expect(issue.path).toEqual(['items', 1, 'itemCode']);
    expect(issue.message).toContain('NO_SUCH_SETTING');
  });

  it('refuses hours that are not a whole number from 1 to 720, naming items.N.value', () => {
    for (const value of ['0', '721', '-3', '1.5', 'abc', '', '1e2', 24.5, true]) {
      const issue = firstIssue([{ itemCode: ORDER_OVERDUE_CONFIG.hours, value }]);
      expect(issue.path, String(value)).toEqual(['items', 0, 'value']);
    }
  });

  it('refuses a weigh margin below 0, above 100 or with more than 2 decimals', () => {
    for (const value of ['-0.01', '100.01', '10.125', '1,5', 101]) {
      const issue = firstIssue([{ itemCode: WEIGH_MARGIN_CONFIG, value }]);
      expect(issue.path, String(value)).toEqual(['items', 0, 'value']);
    }
    expect(save([{ itemCode: WEIGH_MARGIN_CONFIG, value: '100' }]).success).toBe(true);
  });

  it('refuses a switch that is neither on nor off', () => {
    for (const value of ['yes', '2', 1, null]) expect(firstIssue([{ itemCode: ORDER_OVERDUE_CONFIG.enabled, value }]).path).toEqual(['items', 0, 'value']);
  });

  it('refuses an empty list and a setting listed twice', () => {
    expect(firstIssue([]).path).toEqual(['items']);
    const twice = firstIssue([
      { itemCode: WEIGH_MARGIN_CONFIG, value: '5' },
      { itemCode: WEIGH_MARGIN_CONFIG, value: '6' },
    ]);
    expect(twice.path).toEqual(['items', 1, 'itemCode']);
  });
});
