import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fillLegalText } from '@cda/shared';

const read = (name: string) => readFileSync(path.join(__dirname, `${name}.md`), 'utf8');

describe('legal texts', () => {
  it.each([
    ['terms', 12],
    ['privacy', 12],
    ['cancellation', 10],
  ])('%s: every placeholder is a known figure and the sections are numbered 1..%i', (name, sections) => {
    const text = fillLegalText(read(name as string));
    expect(text).not.toMatch(/\{\{|\}\}/);
    const headings = text.split('\n').filter((l) => l.startsWith('## '));
    expect(headings).toHaveLength(sections as number);
    headings.forEach((h, i) => expect(h).toMatch(new RegExp(`^## ${i + 1}\\. `)));
  });

  it('state the support service level of the cancellation policy (95 % resolved within 24 hours)', () => {
    for (const name of ['terms', 'cancellation']) {
      expect(fillLegalText(read(name))).toContain('tempo médio de resposta de 2 horas e 95% das solicitações resolvidas em até 24 horas');
    }
  });

  it('state 90 days for data after the account ends, never 30', () => {
    for (const name of ['privacy', 'cancellation']) {
      const text = fillLegalText(read(name));
      expect(text).toContain('guardados por 90 dias');
      expect(text).not.toMatch(/(apagad|exclu|guardad)\w* (em|por|dentro de) 30 dias/);
    }
  });
});
