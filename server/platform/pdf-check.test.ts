import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { houseRulesPdf } from '../demo/demo-documents';
import { checkPdf } from './pdf-check';

const text = (source: string) => new Uint8Array(Buffer.from(source, 'latin1'));

/** A one-page PDF, its catalogue's extra entries `catalog`, and `extra` objects (a tiny hand-made file). */
function pdf(catalog = '', extra: Buffer[] = []): Uint8Array {
  return new Uint8Array(
    Buffer.concat([
      Buffer.from(
        `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${catalog}>>\nendobj\n` +
          '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n',
        'latin1',
      ),
      ...extra,
      Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
    ]),
  );
}

function objectStream(content: string): Buffer {
  const data = deflateSync(Buffer.from(content, 'latin1'));
  return Buffer.concat([
    Buffer.from(
      `3 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
    ),
    data,
    Buffer.from('\nendstream\nendobj\n'),
  ]);
}

const refusal = (reason: string) => ({ code: 'storage/unauthorized', reason });

describe('checkPdf', () => {
  it('accepts a plain PDF: the demo house rules, a hand-made one', async () => {
    expect(() => checkPdf(pdf())).not.toThrow();
    const demo = await houseRulesPdf();
    expect(() => checkPdf(new Uint8Array(demo))).not.toThrow();
  });

  it.each([
    ['JavaScript run on opening', '/OpenAction << /S /JavaScript /JS (app.alert(1)) >> '],
    ['an automatic action alone', '/OpenAction 4 0 R '],
    ['a name spelled with escapes', '/Names << /J#61vaScript 5 0 R >> '],
    ['a program to launch', '/AA << /O << /S /Launch /F (calc.exe) >> >> '],
    ['an embedded file', '/Names << /EmbeddedFiles 6 0 R >> '],
  ])('refuses %s', (_name, catalog) => {
    expect(() => checkPdf(pdf(catalog))).toThrow(expect.objectContaining(refusal('active-content')));
  });

  it('refuses active content hidden in a compressed object stream', () => {
    const hidden = objectStream('4 0 << /S /JavaScript /JS (app.alert(1)) >>');
    expect(() => checkPdf(pdf('', [hidden]))).toThrow(expect.objectContaining(refusal('active-content')));
    expect(() => checkPdf(pdf('', [objectStream('4 0 << /Type /Font >>')]))).not.toThrow();
  });

  it('does not mistake the bytes of a compressed page for names', () => {
    const page = Buffer.concat([
      Buffer.from('4 0 obj\n<< /Length 8 >>\nstream\n'),
      Buffer.from('x/JS y/A'),
      Buffer.from('\nendstream\nendobj\n'),
    ]);
    expect(() => checkPdf(pdf('', [page]))).not.toThrow();
  });

  it('refuses HTML or anything else after %PDF-, and a file without its end', () => {
    for (const fake of [
      '%PDF-<html><script>alert(1)</script></html>',
      '%PDF-1.4\n<html><body>hello</body></html>',
    ]) {
      expect(() => checkPdf(text(fake))).toThrow(expect.objectContaining(refusal('type')));
    }
  });
});
