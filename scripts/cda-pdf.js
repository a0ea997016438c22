/*
 * Small realistic PGFN CDAs (text layer, pdfkit) for the integration tests, the e2e test and the
 * scale bench: fast to make in-process. The extraction engine's own, more varied corpus is
 * `npm run fixtures` (worker/fixtures).
 */
const PDFDocument = require('pdfkit');

const brl = (centavos) =>
  (centavos / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function formatNumber(n) {
  return `${n.slice(0, 2)} ${n.slice(2, 3)} ${n.slice(3, 5)} ${n.slice(5, 11)}-${n.slice(11)}`;
}

/**
 * One PDF holding one page per certificate. Each certificate: { number (13 digits), debtor, cnpj
 * (formatted), principal, fine, interest, legalCharge (centavos), pages? (extra filler pages),
 * revenue? (the Natureza/Receita line, COFINS by default), legalBasis? }.
 */
function makeCdaPdf(certificates) {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ autoFirstPage: false, size: 'A4', margin: 50 });
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const c of certificates) {
      const total = c.principal + c.fine + c.interest + c.legalCharge;
      const pages = 1 + (c.pages ?? 0);
      for (let p = 1; p <= pages; p++) {
        doc.addPage();
        doc.fontSize(11).text('MINISTÉRIO DA FAZENDA', { align: 'center' });
        doc.text('PROCURADORIA-GERAL DA FAZENDA NACIONAL', { align: 'center' });
        doc.text('TERMO DE INSCRIÇÃO EM DÍVIDA ATIVA DA UNIÃO', { align: 'center' }).moveDown();
        if (p === 1) {
          doc.text(`Nº Inscrição: ${formatNumber(c.number)}    Data da Inscrição: 04/09/2024`).moveDown(0.5);
          doc.text(`Nome/Razão Social: ${c.debtor}`).moveDown(0.5);
          doc.text(`CNPJ/MF: ${c.cnpj}`).moveDown(0.5);
          doc.text(`Natureza/Receita: ${c.revenue ?? '2172 – COFINS'}`).moveDown(0.5);
          doc.text('Proc. Administrativo: 10880.181044/2024-46').moveDown(0.5);
          doc.text('Situação: ATIVA AJUIZADA').moveDown(0.5);
          doc.text(`Base Legal: ${c.legalBasis ?? 'Lei nº 10.833/03, art. 1º.'}`).moveDown();
          doc.text('Valores consolidados em 21/11/2025 (em R$):').moveDown(0.5);
          doc.text(`Valor Originário: ${brl(c.principal)}`);
          doc.text(`Multa: ${brl(c.fine)}`);
          doc.text(`Juros: ${brl(c.interest)}`);
          doc.text(`Encargos Legais: ${brl(c.legalCharge)}`);
          doc.text(`Total da Dívida: ${brl(total)}`);
        } else {
          doc.text('Continuação: fundamentação e discriminativo já consolidados acima.');
        }
        doc.moveDown().text(`Página ${p} de ${pages}`, { align: 'center' });
      }
    }
    doc.end();
  });
}

/** A ready-made certificate, varied by `i`. */
function sampleCertificate(i = 1, overrides = {}) {
  const seq = String(100000 + i).padStart(6, '0');
  return {
    number: `80619${seq}${String(10 + (i % 90)).padStart(2, '0')}`,
    debtor: `EMPRESA EXEMPLO ${i} LTDA`,
    cnpj: '11.222.333/0001-81',
    principal: 1_000_000 + i * 100,
    fine: 200_000,
    interest: 351_240,
    legalCharge: 310_248,
    ...overrides,
  };
}

module.exports = { makeCdaPdf, sampleCertificate };
