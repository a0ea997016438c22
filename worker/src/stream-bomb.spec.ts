import { deflateSync } from 'node:zlib';
import { hasStreamBomb } from './stream-bomb';

/** A one-page PDF (no xref needed for the scan) whose content stream holds `content`, Flate-compressed. */
function pdfWith(content: Buffer, extraDict = ''): Buffer {
  const z = deflateSync(content, { level: 9 });
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'),
    Buffer.from(`4 0 obj\n<< /Filter /FlateDecode ${extraDict}/Length ${z.length} >>\nstream\n`),
    z,
    Buffer.from('\nendstream\nendobj\n%%EOF\n'),
  ]);
}

describe('hasStreamBomb', () => {
  const limit = 1024 * 1024;

  it('flags a small stream that inflates past the limit', async () => {
    const bomb = pdfWith(Buffer.alloc(limit + 1, 0x20));
    expect(bomb.length).toBeLessThan(5000);
    expect(await hasStreamBomb(bomb, limit)).toBe(true);
  });

  it('passes ordinary content, images of any size, and streams it cannot inflate', async () => {
    expect(await hasStreamBomb(pdfWith(Buffer.from('BT /F1 11 Tf 50 780 Td (CDA) Tj ET')), limit)).toBe(false);
    expect(await hasStreamBomb(pdfWith(Buffer.alloc(limit), ''), limit)).toBe(false);
    expect(await hasStreamBomb(pdfWith(Buffer.alloc(4 * limit), '/Type /XObject /Subtype /Image /Width 2048 /Height 2048 '), limit)).toBe(false);
    const notFlate = Buffer.from('%PDF-1.7\n4 0 obj\n<< /Filter /FlateDecode /Length 5 >>\nstream\nxxxxx\nendstream\nendobj\n');
    expect(await hasStreamBomb(notFlate, limit)).toBe(false);
    expect(await hasStreamBomb(Buffer.from('%PDF-1.7\n'), limit)).toBe(false);
  });
});
