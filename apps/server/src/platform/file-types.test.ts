import { describe, expect, it } from 'vitest';
import { checkUpload, GOODS_PICTURE_MAX_BYTES, sniffFileType } from './file-types.js';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);

describe('upload checks', () => {
  it('recognises files by their content', () => {
    expect(sniffFileType(png)).toBe('png');
    expect(sniffFileType(jpg)).toBe('jpg');
    expect(sniffFileType(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffFileType(Buffer.from('%PDF-1.7'))).toBe('pdf');
    expect(sniffFileType(Buffer.from('hello'))).toBeNull();
  });

  it('accepts a picture whose content matches its extension, in any case', () => {
    expect(checkUpload('image', 'a.PNG', png, GOODS_PICTURE_MAX_BYTES)).toBeNull();
    expect(checkUpload('image', 'a.jpeg', jpg, GOODS_PICTURE_MAX_BYTES)).toBeNull();
  });

  it('refuses a disguised file: a script named .png, or a jpg named .png', () => {
    expect(checkUpload('image', 'evil.png', Buffer.from('<script>alert(1)</script>'), GOODS_PICTURE_MAX_BYTES)).toBe('FORMAT');
    expect(checkUpload('image', 'photo.png', jpg, GOODS_PICTURE_MAX_BYTES)).toBe('FORMAT');
  });

  it('refuses a wrong extension and a file over the limit', () => {
    expect(checkUpload('image', 'a.webp', png, GOODS_PICTURE_MAX_BYTES)).toBe('FORMAT');
    expect(checkUpload('image', 'a.png', Buffer.concat([png, Buffer.alloc(GOODS_PICTURE_MAX_BYTES)]), GOODS_PICTURE_MAX_BYTES)).toBe('SIZE');
    expect(checkUpload('excel', 'a.csv', Buffer.from('a,b'), 5_242_880)).toBe('FORMAT');
  });
});
