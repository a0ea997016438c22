import { claimedFamily, sniffMedia, storageSafeName } from './attachment-sniff';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('attachment sniffing', () => {
  it.each([
    ['PDF', bytes('%PDF-1.4\n'), 'application/pdf'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['GIF', bytes('GIF89a'), 'image/gif'],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBP'), 'image/webp'],
    ['HEIC', bytes([0, 0, 0, 24], 'ftypheic'), 'image/heic'],
    ['MP4', bytes([0, 0, 0, 24], 'ftypisom'), 'video/mp4'],
    ['MOV', bytes([0, 0, 0, 20], 'ftypqt  '), 'video/quicktime'],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3]), 'video/webm'],
    ['AVI', bytes('RIFF', [0, 0, 0, 0], 'AVI '), 'video/x-msvideo'],
  ])('recognises %s from its bytes', (_, data, mime) => {
    expect(sniffMedia(data)?.mime).toBe(mime);
  });

  it.each([
    ['a Windows executable', bytes('MZ', [0x90, 0, 3, 0])],
    ['a ZIP (or .docx)', bytes('PK', [3, 4])],
    ['plain text', bytes('hello')],
    ['an empty file', Buffer.alloc(0)],
  ])('rejects %s', (_, data) => {
    expect(sniffMedia(data)).toBeNull();
  });

  it('reads the family the browser claimed', () => {
    expect(claimedFamily('application/pdf')).toBe('pdf');
    expect(claimedFamily('IMAGE/PNG')).toBe('image');
    expect(claimedFamily('video/mp4; codecs=avc1')).toBe('video');
    expect(claimedFamily('application/x-msdownload')).toBeNull();
  });

  it('keeps storage names to safe characters', () => {
    expect(storageSafeName('relatório de cobrança.pdf')).toBe('relatorio_de_cobranca.pdf');
    expect(storageSafeName('../../etc/passwd')).toBe('etc_passwd');
    expect(storageSafeName('***')).toBe('anexo');
  });
});
