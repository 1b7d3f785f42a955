import { describe, expect, it } from 'vitest';
import { ACTIONS_BY_TAB, MORE_BY_TAB } from './tab-actions';

describe('the command bar of each order tab', () => {
  it('shows the buttons the statuses of the tab allow, as the order list has always shown them', () => {
    expect(ACTIONS_BY_TAB).toEqual({
      '1': ['verify', 'lock', 'unlock', 'merge', 'split', 'splitOutOfStock', 'close', 'courier', 'warehouse', 'flag', 'refreshStockOut'],
      '2': ['cancelVerify', 'lock', 'unlock', 'close', 'courier', 'flag'],
      '3': ['cancelVerify', 'lock', 'unlock', 'close', 'courier', 'flag'],
      '4': ['flag'],
      '5': ['verify', 'cancelVerify', 'lock', 'unlock', 'close', 'courier', 'warehouse', 'flag'],
      '6': ['verify', 'cancelVerify', 'lock', 'unlock', 'merge', 'split', 'splitOutOfStock', 'close', 'cancelClose', 'courier', 'warehouse', 'flag', 'refreshStockOut'],
      '7': ['flag'],
      '8': ['cancelVerify', 'lock', 'unlock', 'close', 'courier', 'flag'],
    });
  });

  it('offers the "More" commands of pending orders on pending tabs and only recycle and release on reviewed ones', () => {
    const pending = ['convert:PRESALE', 'convert:NORMAL', 'convert:STOCK_OUT', 'convert:LOCKED', 'recycleExpressNo', 'releaseRisk', 'cancelMerge', 'cancelSplit'];
    expect(MORE_BY_TAB).toEqual({ '1': pending, '2': ['recycleExpressNo', 'releaseRisk'], '3': ['recycleExpressNo', 'releaseRisk'], '5': pending, '6': pending, '8': ['recycleExpressNo', 'releaseRisk'] });
  });
});
