import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { FileExtraction } from '@cda/shared';
import { extractPdf } from '../extraction';

/** `npm run -s extract -- a.pdf b.pdf`: one JSON array on stdout, in input order; logs on stderr only. */
export async function extractFiles(paths: string[], opts: { ocr?: boolean } = {}): Promise<FileExtraction[]> {
  const out: FileExtraction[] = [];
  for (const path of paths) {
    let data: Buffer;
    try {
      data = await readFile(path);
    } catch {
      out.push({ file: basename(path), certificates: [], error: 'Arquivo não encontrado ou sem permissão de leitura' });
      continue;
    }
    out.push(await extractPdf(data, basename(path), { ocr: opts.ocr }));
  }
  return out;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const files = args.filter((a) => !a.startsWith('--'));
  if (!files.length) {
    process.stderr.write('uso: npm run -s extract -- [--sem-ocr] arquivo.pdf [...]\n');
    process.exit(2);
  }
  extractFiles(files, { ocr: !args.includes('--sem-ocr') })
    .then((res) => process.stdout.write(`${JSON.stringify(res, null, 2)}\n`))
    .catch((err) => {
      process.stderr.write(`${err?.stack ?? err}\n`);
      process.exit(1);
    });
}
