import { sheetNameFor } from './reports';

describe('sheetNameFor: report sheet names within Excel’s 31 characters', () => {
  it('keeps names that fit', () => {
    expect(sheetNameFor('Receita por forma de pagamento', new Set())).toBe('Receita por forma de pagamento'); // 30
  });

  it('cuts longer titles between words, never mid-word nor on a dangling connective', () => {
    // "Análises concluídas e com erro por dia" is 38 characters; the old cut gave "Análises concluídas e com erro p".
    expect(sheetNameFor('Análises concluídas e com erro por dia', new Set())).toBe('Análises concluídas e com erro');
    // 34 characters; the first 31 end on "por", which goes too.
    expect(sheetNameFor('Tempo de processamento por arquivo', new Set())).toBe('Tempo de processamento');
  });

  it('drops the characters Excel forbids and cuts a single overlong word', () => {
    expect(sheetNameFor('Receita: 2025/2026', new Set())).toBe('Receita 2025 2026');
    expect(sheetNameFor('A'.repeat(40), new Set())).toBe('A'.repeat(31));
  });

  it('numbers repeated names (Excel compares them ignoring case), staying within the limit', () => {
    const taken = new Set<string>(['Resumo']);
    expect(sheetNameFor('resumo', taken)).toBe('resumo 2');
    expect(sheetNameFor('Análises concluídas e com erro por dia', taken)).toBe('Análises concluídas e com erro');
    // 31 − 2 = 29 characters for the words: "Análises concluídas e com" (25; "erro" would make 30), then the
    // dangling "com" and "e" go.
    expect(sheetNameFor('Análises concluídas e com erro por dia', taken)).toBe('Análises concluídas 2');
    expect([...taken]).toHaveLength(4);
  });
});
