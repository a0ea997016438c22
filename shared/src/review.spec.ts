import { formatDocument, formatFieldValue, isValidCnpj, parseFieldEdit, searchDigits } from './review';
import { makeRecord } from './simulation/testing';

describe('corrections are checked as the extraction checks', () => {
  it('CNPJ check digits, numeric and alphanumeric', () => {
    // 12.345.678/0001-95: Σ(1,2,3,4,5,6,7,8,0,0,0,1 × 5,4,3,2,9,8,7,6,5,4,3,2) = 222, 222 mod 11 = 2 → 9;
    // then with the 9 and weights 6..2,9..2: 237 mod 11 = 6 → 5.
    expect(isValidCnpj('12345678000195')).toBe(true);
    expect(isValidCnpj('12345678000196')).toBe(false);
    // Alphanumeric (IN RFB 2.229/2024), the Receita's example 12.ABC.345/01DE-35: letters count as ASCII − 48.
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('11111111111111')).toBe(false);
  });

  it('refuses a bad check digit in pt-BR and accepts the printed form', () => {
    expect(parseFieldEdit('debtorDocument', '12.345.678/0001-96')).toEqual({ ok: false, error: 'CNPJ inválido: dígitos verificadores não conferem.' });
    expect(parseFieldEdit('debtorDocument', '12.345.678/0001-95')).toEqual({ ok: true, value: '12345678000195' });
    expect(parseFieldEdit('debtorDocument', '529.982.247-25')).toEqual({ ok: true, value: '52998224725' });
    expect(parseFieldEdit('debtorDocument', '529.982.247-24')).toEqual({ ok: false, error: 'CPF inválido: dígitos verificadores não conferem.' });
    expect(parseFieldEdit('debtorDocument', '123')).toMatchObject({ ok: false });
  });

  it('money, dates and nature', () => {
    expect(parseFieldEdit('total', '186.000,00')).toEqual({ ok: true, value: 186_000_00 });
    expect(parseFieldEdit('total', 'R$ 1.234,5')).toEqual({ ok: true, value: 1_234_50 });
    expect(parseFieldEdit('fine', '12,345')).toEqual({ ok: false, error: 'Multa: valor inválido. Use o formato 1.234,56.' });
    expect(parseFieldEdit('fine', '-5,00')).toEqual({ ok: false, error: 'Multa: o valor não pode ser negativo.' });
    expect(parseFieldEdit('registrationDate', '29/02/2024')).toEqual({ ok: true, value: '2024-02-29' });
    expect(parseFieldEdit('registrationDate', '29/02/2023')).toEqual({ ok: false, error: 'Data de inscrição: data inválida. Use o formato dd/mm/aaaa.' });
    expect(parseFieldEdit('consolidationDate', '')).toEqual({ ok: true, value: null });
    expect(parseFieldEdit('nature', 'Previdenciária')).toEqual({ ok: true, value: 'previdenciaria' });
    expect(parseFieldEdit('nature', 'demais')).toEqual({ ok: true, value: 'demais' });
    expect(parseFieldEdit('nature', 'tributária')).toMatchObject({ ok: false });
    expect(parseFieldEdit('registrationNumber', '80 6 19 123456-78')).toEqual({ ok: true, value: '8061912345678' });
    expect(parseFieldEdit('debtorName', '  ')).toEqual({ ok: false, error: 'Informe o nome do devedor.' });
  });

  it('shows fields as they are typed back', () => {
    const r = makeRecord({ principal: 100_000_00 });
    expect(formatFieldValue('principal', r)).toBe('100.000,00');
    expect(formatFieldValue('debtorDocument', r)).toBe('12.345.678/0001-95');
    expect(formatFieldValue('registrationDate', r)).toBe('12/08/2019');
    expect(formatFieldValue('nature', r)).toBe('Demais');
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatFieldValue('registrationNumber', r)).toBe('80 6 19 123456-78');
    expect(formatFieldValue('registrationNumber', { ...r, registrationNumber: '371234567' })).toBe('37.123.456-7');
    expect(formatFieldValue('administrativeProcess', r)).toBe('10880.123456/2019-11');
    // What is shown is what the correction form accepts back.
    expect(parseFieldEdit('registrationNumber', formatFieldValue('registrationNumber', r))).toEqual({ ok: true, value: r.registrationNumber });
    expect(parseFieldEdit('administrativeProcess', formatFieldValue('administrativeProcess', r))).toEqual({ ok: true, value: r.administrativeProcess });
  });

  it('searches documents and inscriptions by their digits', () => {
    expect(searchDigits('12.345.678/0001-95')).toBe('12345678000195');
    expect(searchDigits('80 6 19')).toBe('80619');
    expect(searchDigits('ACME')).toBeNull();
    expect(searchDigits('12')).toBeNull();
  });
});
