import { describe, expect, it } from 'vitest';
import { fitHeaderWidths, unbreakableParts } from './header-fit';

describe('header words', () => {
  it('splits a header where a line may break: at spaces and after hyphens', () => {
    expect(unbreakableParts('Beschenkte Bestellungen')).toEqual(['Beschenkte', 'Bestellungen']);
    expect(unbreakableParts('Online-Preis')).toEqual(['Online-', 'Preis']);
    expect(unbreakableParts("Transmission à l'entrepôt")).toEqual(['Transmission', 'à', "l'entrepôt"]);
  });

  it('lets Chinese and Japanese break between any two characters', () => {
    expect(unbreakableParts('商品编码')).toEqual(['商', '品', '编', '码']);
    expect(unbreakableParts('SKU编码')).toEqual(['SKU', '编', '码']);
  });

  it('leaves columns without a text header or a fixed width as they are', () => {
    const columns = [{ title: 'Name' }, { key: 'x', width: 80 }];
    expect(fitHeaderWidths(columns)).toEqual(columns);
  });
});
