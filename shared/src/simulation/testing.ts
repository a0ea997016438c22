import type { CertificateRecord } from '../certificate';

/** A federal record with every field filled, for tests of the simulation and the workbooks. */
export function makeRecord(overrides: Partial<CertificateRecord> = {}): CertificateRecord {
  const principal = overrides.principal ?? 0;
  const fine = overrides.fine ?? 0;
  const interest = overrides.interest ?? 0;
  const legalCharge = overrides.legalCharge ?? 0;
  return {
    registrationNumber: '8061912345678',
    issuer: 'federal',
    issuerName: 'PROCURADORIA-GERAL DA FAZENDA NACIONAL',
    nature: 'demais',
    debtorName: 'ACME COMERCIO LTDA',
    debtorDocument: '12345678000195',
    coDebtors: [],
    revenueCode: '2172',
    revenueDescription: 'COFINS',
    administrativeProcess: '10880123456201911',
    registrationDate: '2019-08-12',
    legalBasis: 'Lei 10.833/03, art. 1º',
    status: 'ATIVA AJUIZADA',
    total: principal + fine + interest + legalCharge,
    consolidationDate: '2025-10-31',
    debts: [{ period: '2018-03', dueDate: '2018-04-25', principal, fine, interest }],
    pages: [1],
    warnings: [],
    ...overrides,
    principal,
    fine,
    interest,
    legalCharge,
  };
}

/** docs/domain.md §5: three certificates, R$ 507.000,00 gross. */
export function workedExample(): CertificateRecord[] {
  return [
    makeRecord({
      registrationNumber: '371234567',
      nature: 'previdenciaria',
      revenueCode: '',
      revenueDescription: 'CONTRIBUIÇÃO EMPRESA/EMPREGADOR',
      legalBasis: 'Lei 8.212/91',
      principal: 100_000_00,
      fine: 20_000_00,
      interest: 35_000_00,
      legalCharge: 31_000_00,
    }),
    makeRecord({ registrationNumber: '8061912345678', principal: 50_000_00, fine: 37_500_00, interest: 60_000_00, legalCharge: 29_500_00 }),
    makeRecord({
      registrationNumber: '8071923456789',
      revenueCode: '8109',
      revenueDescription: 'PIS',
      principal: 80_000_00,
      fine: 16_000_00,
      interest: 24_000_00,
      legalCharge: 24_000_00,
    }),
  ];
}
