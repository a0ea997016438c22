export interface SampleCertificate {
  number: string;
  debtor: string;
  cnpj: string;
  principal: number;
  fine: number;
  interest: number;
  legalCharge: number;
  pages?: number;
  revenue?: string;
  legalBasis?: string;
}
export function makeCdaPdf(certificates: SampleCertificate[]): Promise<Buffer>;
export function sampleCertificate(i?: number, overrides?: Partial<SampleCertificate>): SampleCertificate;
