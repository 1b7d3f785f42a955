import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../app/request';
import { formFieldErrors, moreActionEnabled, receiverInput, receiverPhoneValid } from './order-edits';
import { MORE_BY_TAB } from './tab-actions';

const plain = { mergeLevel: 0, splitLevel: 0 };
const merged = { mergeLevel: 1, splitLevel: 0 };
const split = { mergeLevel: 0, splitLevel: 1 };

describe('more commands', () => {
  it('offers cancel merge only for one merged order', () => {
    expect(moreActionEnabled('cancelMerge', [merged])).toBe(true);
    expect(moreActionEnabled('cancelMerge', [plain])).toBe(false);
    expect(moreActionEnabled('cancelMerge', [merged, merged])).toBe(false);
  });

  it('offers cancel split only for one split order', () => {
    expect(moreActionEnabled('cancelSplit', [split])).toBe(true);
    expect(moreActionEnabled('cancelSplit', [plain])).toBe(false);
    expect(moreActionEnabled('cancelSplit', [split, split])).toBe(false);
  });

  it('runs converts, recycle and release on any non-empty selection', () => {
    expect(moreActionEnabled('convert:PRESALE', [plain, merged])).toBe(true);
    expect(moreActionEnabled('recycleExpressNo', [])).toBe(false);
  });

  it('keeps converts out of the reviewed tabs', () => {
    expect(MORE_BY_TAB['2']).toEqual(['recycleExpressNo', 'releaseRisk']);
    expect(MORE_BY_TAB['1']).toContain('convert:LOCKED');
    expect(MORE_BY_TAB['4']).toBeUndefined();
  });
});

describe('receiver form', () => {
  it('accepts a mobile or a landline and refuses the rest', () => {
    expect(receiverPhoneValid('13900000000')).toBe(true);
    expect(receiverPhoneValid(' 010-12345678 ')).toBe(true);
    expect(receiverPhoneValid('0571-8888888-12')).toBe(true);
    expect(receiverPhoneValid('139****0000')).toBe(false);
    expect(receiverPhoneValid('1390000000')).toBe(false);
    expect(receiverPhoneValid('')).toBe(false);
  });

  it('sends the version shown and blanks as null', () => {
    const input = receiverInput(
      { id: 7, version: 3 },
      { receiverName: ' 李四 ', receiverPhone: '13900000000', receiverProvince: '浙江省', receiverCity: '杭州市', receiverDistrict: ' ', receiverAddress: '文一路 1 号', receiverZip: '' },
    );
    expect(input).toEqual({
      id: 7,
      version: 3,
      receiverName: '李四',
      receiverPhone: '13900000000',
      receiverTel: null,
      receiverProvince: '浙江省',
      receiverCity: '杭州市',
      receiverDistrict: null,
      receiverAddress: '文一路 1 号',
      receiverZip: null,
    });
  });

  it('places server field problems next to the known fields and leaves the rest for a toast', () => {
    const error = new ApiError('ERR_VALIDATION', 'bad', 400, {}, [
      { field: 'receiverPhone', message: 'too long' },
      { field: 'receiverPhone', message: 'bad' },
      { field: 'version', message: 'required' },
    ]);
    expect(formFieldErrors(error, ['receiverName', 'receiverPhone'])).toEqual({ fields: [{ name: 'receiverPhone', errors: ['too long', 'bad'] }], rest: true });
    expect(formFieldErrors(new ApiError('ERR_VERSION_CONFLICT', 'stale', 409), ['receiverName'])).toEqual({ fields: [], rest: true });
    expect(formFieldErrors(new Error('x'), ['receiverName'])).toEqual({ fields: [], rest: true });
  });
});
