import { digitVariants, fineRateSays, missingCell, repairChargeByRate, repairFarPeriod, repairColumn, repairRowSum, repairTotal, repairDate, moveRowFix, repairPeriod, repairPeriodOrder, repairRows, repairYear, repairZeros } from './repair';
import { dateValues, moneyValues, processValues, registrationValues } from './values';

describe('OCR digit repairs confirmed by a check', () => {
  it('lists the one-digit confusions of a reading', () => {
    expect(digitVariants('60')).toEqual(['00', '50', '80', '66', '68', '69']);
  });

  it('repairs the one cell that makes a column add up to its printed total, and only when it is the one', () => {
    // 385,67 was 385,07: the column is 60 centavos over its total.
    expect(repairColumn([12345, 38567, 22453], 12345 + 38507 + 22453)).toEqual({ index: 1, value: 38507 });
    // Two cells could each be the culprit: no guess.
    expect(repairColumn([38567, 10364], 38507 + 10364)).toBeNull();
    expect(repairColumn([100, 200], 300)).toBeNull();
    // 379626 and 369626 could each be 10,00 over: the row whose own total the repair closes decides.
    expect(repairColumn([379626, 369626], 378626 + 369626)).toBeNull();
    expect(repairColumn([379626, 369626], 378626 + 369626, (i) => i === 0)).toEqual({ index: 0, value: 378626 });
    expect(repairColumn([379626, 369626], 378626 + 369626, () => true)).toBeNull();
    expect(repairColumn([379626, 369626], 378626 + 369626, () => null)).toBeNull();
    // A row its own total confirms is never repaired: 103,69 read right would become 1.013,69 and close a
    // column whose gap is a multa elsewhere that lost two digits (4,22 for 914,22).
    expect(repairColumn([422, 10369], 91422 + 10369)).toEqual({ index: 1, value: 101369 });
    expect(repairColumn([422, 10369], 91422 + 10369, (i) => (i === 1 ? false : null))).toBeNull();
  });

  it('repairs periods and due dates into real, ordered ones', () => {
    expect(repairPeriod('66/2005', '2005-07-02')).toBe('2005-06');
    // A period printed as a date whose second slash OCR lost, on or before its due date.
    expect(repairPeriod('07/022013', '2013-03-15')).toBe('2013-02-07');
    expect(repairPeriod('28/032023', '2023-03-10')).toBeNull();
    expect(repairPeriod('28/032023', '2023-03-28')).toBeNull();
    // A quarter whose T read as a 7 and whose year's zero as a 9 ("47/2919" for 4T/2019), by its due date.
    expect(repairPeriod('47/2919', '2020-01-30')).toBe('2019-Q4');
    expect(repairPeriod('47/2919', '2019-09-30')).toBeNull();
    // A quarter whose "I/" read as "II", run into its year ("1ºTRII2016"): the year printed whole is the year.
    expect(repairPeriod('1ºTRII2016', '2016-04-28')).toBe('2016-Q1');
    expect(repairPeriod('1ºTRII2016', '2015-12-28')).toBeNull();
    // An I with a speck over it in the year ("2º TRU20Í4").
    expect(repairPeriod('2º TRU20Í4', '2014-07-30')).toBe('2014-Q2');
    // A year that lost a digit, between the years around it.
    expect(repairPeriod('214', '2014-04-20', ['2013', '2015'])).toBe('2014');
    expect(repairPeriod('201', '2014-04-20', ['2009', '2013'])).toBeNull();
    expect(repairPeriod('214', '2014-04-20')).toBeNull();
    expect(repairDate('62/09/2005', null, '2006-09-18')).toBe('2005-09-02');
    expect(repairDate('02/10/2065', null, '2006-09-18')).toBe('2005-10-02');
    expect(repairDate('99/99/9999', null, null)).toBeNull();
  });

  it('picks, of several cells one slip from closing a column, the one whose row\'s multa the slip took off the table\'s rate, flagged', () => {
    // Multa 20 % of the principal on every row; 2012-05's multa 22,73 read 22,13. Its tens of centavos
    // (1 → 7) or 2012-04's (0 → 6, in 69,06) or 2012-06's would each close the column; only one restores the rate.
    const rows = () => [
      { period: '2012-03', dueDate: null, principal: 80867, fine: 16173, interest: 0 },
      { period: '2012-04', dueDate: null, principal: 34530, fine: 6906, interest: 0 },
      { period: '2012-05', dueDate: null, principal: 11365, fine: 2213, interest: 0 },
      { period: '2012-06', dueDate: null, principal: 5055, fine: 1011, interest: 0 },
    ];
    const target = 16173 + 6906 + 2273 + 1011;
    const r = rows();
    expect(repairRows(r, { fine: target }, new Map(), null)).toEqual(['Valor R$ 22,13 da linha 2012-05 lido por OCR corrigido para R$ 22,73 pelo total impresso; confira']);
    expect(r[2].fine).toBe(2273);
    expect(fineRateSays(rows(), 2, 'fine', 2273)).toBe(true);
    // A row already at the rate is never the one repaired; with no rate two other rows share, no say.
    expect(fineRateSays(rows(), 1, 'fine', 6966)).toBe(false);
    expect(fineRateSays(rows().map((x, k) => ({ ...x, fine: k === 2 ? x.fine : 1000 + k })), 2, 'fine', 2273)).toBeNull();
    // A principal slip likewise ("772,00" for 772,60 under a multa of 579,45 at 75 %).
    const p = [
      { period: '1986', dueDate: null, principal: 73486, fine: 55115, interest: 0 },
      { period: '1987', dueDate: null, principal: 76839, fine: 57629, interest: 0 },
      { period: '1988', dueDate: null, principal: 77200, fine: 57945, interest: 0 },
    ];
    expect(fineRateSays(p, 2, 'principal', 77260)).toBe(true);
  });

  it('puts right a period read years before its own due date, among the other rows, rather than its due date, flagged', () => {
    const rows = () => [
      { period: '2010-Q2', dueDate: '2019-07-28', principal: 1, fine: 0, interest: 0 },
      { period: '2018-Q4', dueDate: '2019-01-28', principal: 1, fine: 0, interest: 0 },
      { period: '2019-Q1', dueDate: '2019-04-28', principal: 1, fine: 0, interest: 0 },
      { period: '2019-Q3', dueDate: '2019-10-30', principal: 1, fine: 0, interest: 0 },
    ];
    const r = rows();
    expect(repairRows(r, {}, new Map(), null)).toEqual(['Período "2010-Q2" lido por OCR corrigido para 2019-Q2 pelo vencimento da linha; confira']);
    expect(r[0]).toMatchObject({ period: '2019-Q2', dueDate: '2019-07-28' });
    // A due date outside the others' is the suspect instead: the period stays.
    expect(repairFarPeriod(rows().map((x, k) => (k === 0 ? { ...x, dueDate: '2019-12-28' } : x)), 0)).toBeNull();
    // One no single slip brings among the other rows stays too.
    expect(repairFarPeriod(rows().map((x, k) => (k === 0 ? { ...x, period: '2000-Q2' } : x)), 0)).toBeNull();
  });

  it('reads a due date whose year OCR read a glyph of as no digit ("15/08/202+") by the lag of the other rows, flagged', () => {
    // Inside the window after 07/2021 both 2021 and 2022 fit; every other row falls due a month after its period.
    expect(repairDate('15/08/202+', '2021-07-01', '2023-07-01')).toBeNull();
    expect(repairDate('15/08/202+', '2021-07-01', '2023-07-01', '2021-07', 1)).toBe('2021-08-15');
    const rows = [
      { period: '2021-06', dueDate: '2021-07-15', principal: 100, fine: 0, interest: 0 },
      { period: '2021-07', dueDate: null, principal: 100, fine: 0, interest: 0 },
      { period: '2021-08', dueDate: '2021-09-15', principal: 100, fine: 0, interest: 0 },
    ];
    expect(repairRows(rows, {}, new Map([[1, '15/08/202+']]), '2025-06-30')).toEqual(['Vencimento "15/08/202+" lido por OCR corrigido para 15/08/2021; confira']);
    expect(rows[1].dueDate).toBe('2021-08-15');
    // Rows that disagree on the lag leave it unread.
    const mixed = rows.map((r, i) => ({ ...r, dueDate: i === 1 ? null : i === 0 ? '2021-08-15' : r.dueDate }));
    expect(repairRows(mixed, {}, new Map([[1, '15/08/202+']]), '2025-06-30')).toEqual([]);
  });

  it('moves a row-total repair to the part the column totals show OCR misread', () => {
    // 03/2016's principal was unread and computed from its total while its juros read 180,59 for 780,59:
    // the principal column is 600,00 over its printed total and the juros column 600,00 under.
    const rows = () => [
      { period: '2016-03', dueDate: '2016-04-07', principal: 442477, fine: 286858, interest: 18059 },
      { period: '2016-04', dueDate: '2016-05-07', principal: 511512, fine: 102302, interest: 252767 },
    ];
    const printed = { principal: 382477 + 511512, fine: 286858 + 102302, interest: 78059 + 252767 };
    const fixes = new Map([[0, { part: 'principal' as const, was: 0 }]]);
    const r = rows();
    expect(repairRows(r, printed, new Map(), null, fixes)).toEqual([
      'Valores da linha 2016-03 corrigidos pelos totais impressos das colunas: principal R$ 4.424,77 → R$ 3.824,77, juros R$ 180,59 → R$ 780,59; confira',
    ]);
    expect(r[0]).toMatchObject({ principal: 382477, interest: 78059 });
    // No row repaired by its total, or columns that do not miss by the same amount: nothing moves.
    expect(moveRowFix(rows(), printed, new Map())).toBeNull();
    expect(moveRowFix(rows(), { ...printed, interest: printed.interest + 1 }, fixes)).toBeNull();
    // 11/2015's principal read 4.422,08 for 4.432,08 and its row total put the 10,00 on its multa (886,42 → 896,42),
    // while 12/2015's multa read 3.796,26 for 3.786,26: the repair's own slip is undone, the column repair does the rest.
    const slips = [
      { period: '2015-11', dueDate: '2015-12-20', principal: 442208, fine: 89642, interest: 1000 },
      { period: '2015-12', dueDate: '2016-01-20', principal: 500000, fine: 379626, interest: 1000 },
    ];
    expect(repairRows(slips, { principal: 443208 + 500000, fine: 88642 + 378626, interest: 2000 }, new Map(), null, new Map([[0, { part: 'fine' as const, was: 88642 }]]))).toEqual([
      'Valores da linha 2015-11 corrigidos pelos totais impressos das colunas: multa R$ 896,42 → R$ 886,42, principal R$ 4.422,08 → R$ 4.432,08; confira',
      'Valor R$ 3.796,26 da linha 2015-12 lido por OCR corrigido para R$ 3.786,26 pelo total impresso; confira',
    ]);
    expect(slips.map((r) => [r.principal, r.fine])).toEqual([[443208, 88642], [500000, 378626]]);
    // Two multas one slip over the column's total: the row whose own total disagrees is the one repaired.
    const two = [
      { period: '2017-02', dueDate: '2017-03-15', principal: 100000, fine: 369626, interest: 0 },
      { period: '2017-03', dueDate: '2017-04-15', principal: 504835, fine: 379626, interest: 262080 },
    ];
    const checks = new Map([[1, { total: 1145541, extras: [], missing: [] }]]);
    expect(repairRows(two, { fine: 369626 + 378626 }, new Map(), null, new Map(), checks)).toEqual(['Valor R$ 3.796,26 da linha 2017-03 lido por OCR corrigido para R$ 3.786,26 pelo total impresso; confira']);
  });

  it("repairs a period's year read after its due date when one confusion read every zero wrong", () => {
    expect(repairYear('2626', '2020-08-20')).toBe('2020');
    // Nothing in the ten years before the due date, or two candidates: left as read (and flagged elsewhere).
    expect(repairYear('2777', '2020-08-20')).toBeNull();
    const rows = [{ period: '2626-07', dueDate: '2020-08-20', principal: 100, fine: 0, interest: 0 }];
    expect(repairRows(rows, {}, new Map(), null)).toEqual(['Período "2626-07" lido por OCR corrigido para 2020-07; confira']);
    expect(rows[0].period).toBe('2020-07');
  });

  it('turns back into zeros the 6, 8 and 9 a dotted zero was read as, the fewest that make a plausible date', () => {
    expect(repairZeros('68/04/2669')).toBe('2009-04-08');
    expect(repairZeros('28/61/2016')).toBe('2016-01-28');
    expect(repairZeros('62/16/2011')).toBe('2011-10-02');
    expect(repairZeros('21/06/2919')).toBe('2019-06-21');
    // A strict date after 2050 is no certificate's: its zero was read as 6.
    expect(repairZeros('28/05/2069')).toBe('2009-05-28');
    // No confusable digit where the date breaks, or nothing plausible: left alone.
    expect(repairZeros('19/00/2023')).toBeNull();
    expect(repairZeros('45/13/2019')).toBeNull();
  });

  it('reads a period whose year the dotted zeros garbled, in the due date\'s year or the one before', () => {
    expect(repairPeriod('AGO/26260', '2020-09-15')).toBe('2020-08');
    expect(repairPeriod('28620', '2020-02-10')).toBe('2020');
    expect(repairPeriod('61/2819', '2019-02-20')).toBe('2019-01');
    // A month after the due date in its year is the year before only if that year reads as well.
    expect(repairPeriod('DEZ/26260', '2020-09-15')).toBeNull();
    expect(repairPeriod('AGO/2777', '2020-09-15')).toBeNull();
    // A quarter: its first month must not fall after the due date.
    expect(repairPeriod('3º TRI/28020', '2020-10-29')).toBe('2020-Q3');
    expect(repairPeriod('3º TRI/29010', '2010-10-29')).toBe('2010-Q3');
    expect(repairPeriod('4º TRI/20018', '2019-01-28')).toBe('2018-Q4');
    expect(repairPeriod('4º TRI/20019', '2019-04-28')).toBeNull();
    // A month whose third letter and slash OCR read as one glyph ("MAU2019"): março or maio, which
    // the rows around it decide in a table listed by period; alone, no guess.
    expect(repairPeriod('MAU2019', '2019-06-20', ['2019-04', '2019-06'])).toBe('2019-05');
    expect(repairPeriod('MAU2019', '2019-06-20')).toBeNull();
    // At the table's edge: the one as far before its due date as every other row's period (a month).
    expect(repairPeriod('MAU2019', '2019-06-20', undefined, 1)).toBe('2019-05');
    expect(repairPeriod('MAU2019', '2019-04-20', undefined, 1)).toBe('2019-03');
    expect(repairPeriod('MAU2019', '2019-06-20', undefined, 2)).toBeNull();
    expect(repairPeriod('JAW2020', '2020-02-20')).toBe('2020-01');
    // A quarter printed "2T/2021" whose T OCR read as a 7; not one after its due date.
    expect(repairPeriod('27/2021', '2021-07-30')).toBe('2021-Q2');
    expect(repairPeriod('37/2021', '2021-06-30')).toBeNull();
    // Rows around it out of order: no help.
    expect(repairPeriod('MAU2019', '2019-06-20', ['2019-06', '2019-04'])).toBeNull();
    // The "I/" after "TR" and the year's glyphs garbled too.
    expect(repairPeriod('3º TR42013', '2013-10-30')).toBe('2013-Q3');
    expect(repairPeriod('2º TRW/2020', '2020-07-29')).toBe('2020-Q2');
    expect(repairPeriod('3º TRL2UI4', '2014-10-30')).toBe('2014-Q3');
    expect(repairPeriod('3º TRIMESTRE', '2014-10-30')).toBeNull();
    // A named month's year in lookalike letters.
    expect(repairPeriod('MAI/ZOI9', '2019-06-20')).toBe('2019-05');
  });

  it('repairs a due date after the inscription within the year after its period when the inscription alone leaves it open', () => {
    const rows = [{ period: '2019-Q4', dueDate: '2028-01-30', principal: 100, fine: 20, interest: 5 }];
    // 2020 and 2023 are both before the inscription; only 2020 follows the fourth quarter of 2019.
    expect(repairRows(rows, {}, new Map(), '2025-06-30')).toEqual(['Vencimento "30/01/2028" lido por OCR corrigido para 30/01/2020; confira']);
    expect(rows[0].dueDate).toBe('2020-01-30');
    // No repair in that window: left as read (and flagged by the date checks).
    const open = [{ period: '2015', dueDate: '2028-01-30', principal: 100, fine: 20, interest: 5 }];
    expect(repairRows(open, {}, new Map(), '2025-06-30')).toEqual([]);
  });

  it('repairs a period year with two misread zeros, and a due year misread years past its period where the order confirms it', () => {
    expect(repairYear('2681', '2001-03-15')).toBe('2001');
    const row = (period: string, dueDate: string) => ({ period, dueDate, principal: 100, fine: 20, interest: 5 });
    const rows = [row('1999', '1999-03-10'), row('2000', '2008-04-10'), row('2001', '2001-03-15')];
    expect(repairRows(rows, {}, new Map(), null)).toEqual(['Vencimento "10/04/2008" lido por OCR corrigido para 10/04/2000; confira']);
    expect(rows[1].dueDate).toBe('2000-04-10');
    // A late due date that keeps the table's order is left as printed.
    const late = [row('1999', '1999-03-10'), row('2000', '2008-04-10'), row('2001', '2009-03-15')];
    expect(repairRows(late, {}, new Map(), null)).toEqual([]);
  });

  it('reports every change it makes to the rows', () => {
    const rows = [
      { period: '66/2005', dueDate: '2005-07-02', principal: 100, fine: 20, interest: 5 },
      { period: '2005-07', dueDate: null, principal: 200, fine: 46, interest: 10 },
    ];
    const notes = repairRows(rows, { principal: 300, fine: 60, interest: 15 }, new Map([[1, '62/08/2005']]), '2006-01-01');
    expect(rows).toEqual([
      { period: '2005-06', dueDate: '2005-07-02', principal: 100, fine: 20, interest: 5 },
      { period: '2005-07', dueDate: '2005-08-02', principal: 200, fine: 40, interest: 10 },
    ]);
    expect(notes).toHaveLength(3);
  });
});

describe('an inscription number whose first digit OCR read as a letter', () => {
  it('reads "B22308/2013" as 822308/2013, flagged as repaired; a text layer keeps what it prints', () => {
    expect(registrationValues('Número do Termo.......... B22308/2013', true).map((v) => [v.value, v.repaired])).toEqual([['822308/2013', true]]);
    expect(registrationValues('B22308/2013', false)).toEqual([]);
    // A PGFN unit read as letters before the number's other groups.
    expect(registrationValues('N.º da CDA..................: BO 8 23 882188-47', true).map((v) => [v.value, v.repaired])).toEqual([['8082388218847', true]]);
    expect(registrationValues('N.º da CDA: BO 8 23 882188-47', false).map((v) => v.value)).toEqual(['82388218847']);
    // Its unit's first digit read as a letter glued to the caption before it.
    expect(registrationValues('NÚMERO DE INSCRIÇÃO EM DÍVIDA ATIVAZ2 2 14 002209-56', true).map((v) => [v.value, v.raw, v.repaired])).toEqual([['2221400220956', 'Z2 2 14 002209-56', true]]);
    expect(registrationValues('DÍVIDA ATIVAZ2 2 14 002209-56', false).map((v) => v.value)).toEqual(['21400220956']);
    // Or its unit's two digits read as three glyphs: taken when both pairs read as the same two digits.
    expect(registrationValues('NÚMERO DE INSCRIÇÃO EM DÍVIDA ATIVA2Z2 2 14 002209-56', true).map((v) => [v.value, v.raw, v.repaired])).toEqual([['2221400220956', '2Z2 2 14 002209-56', true]]);
    expect(registrationValues('DÍVIDA ATIVA1Z2 2 14 002209-56', true).map((v) => v.value)).not.toContain('1221400220956');
    expect(registrationValues('DÍVIDA ATIVA1Z2 2 14 002209-56', true).map((v) => v.value)).not.toContain('2221400220956');
    // A PGFN process number with a space after its dot, on a scan: one number, flagged.
    expect(processValues('10880. 249090/2022-35', true).map((v) => [v.value, v.repaired])).toEqual([['10880249090202235', true]]);
    expect(processValues('10880. 249090/2022-35', false).map((v) => v.value)).toEqual(['10880', '249090202235']);
    expect(processValues('CONSTRUTORA PAULISTA LTDA - ME\t00535 - 2020', true).map((v) => v.value)).toEqual(['005352020']);
    // A space on one side of the dash; a year with a glyph read twice ("20019"); lookalike letters where no letter stands.
    expect(processValues('Nº DO PROCESSO.......: | 38347 -2018', true).map((v) => v.value)).toEqual(['383472018']);
    expect(processValues('Processo Administrativo nº 15989. 436898/20019-43.', true).map((v) => [v.value, v.repaired])).toEqual([['15989436898201943', true]]);
    expect(processValues('15989.436898/20019-43', false).map((v) => v.value)).toEqual(['159894368982001943']);
    expect(processValues('Proc. Adm....... | ... B3.276053526.34', true).map((v) => [v.value, v.raw, v.repaired])).toEqual([['8327605352634', 'B3.276053526.34', true]]);
    expect(processValues('nº 10166.754733/2022-B4.', true).map((v) => v.value)).toEqual(['10166754733202284']);
    // A dot read as a comma where no amount can be; an amount keeps its comma.
    expect(processValues('Proc. Adm.......... cc... ... | 49,149880225.99', true).map((v) => [v.value, v.raw, v.repaired])).toEqual([['4914988022599', '49,149880225.99', true]]);
    expect(processValues('49,149880225.99', false).map((v) => v.value)).toEqual(['14988022599']);
    expect(processValues('Auto de Infração: 05.743307782:94', true).map((v) => [v.value, v.repaired])).toEqual([['0574330778294', true]]);
    expect(processValues('R$ 1.234,56 e 2.345,67/2019', true).map((v) => v.value)).not.toContain('12345623456');
    expect(processValues('E 10465/2021', true).map((v) => v.value)).toEqual(['104652021']);
    expect(processValues('E 29419/20025', true).map((v) => [v.value, v.repaired])).toEqual([['294192025', true]]);
    // A word before a number in another shape stays a word.
    expect(registrationValues('DO 41.388.699-1', true).map((v) => v.value)).toEqual(['413886991']);
    expect(registrationValues('ABS1234567', true)).toEqual([]);
  });
});

describe('a debt row checked by its own total column', () => {
  const row = (principal: number, fine: number, interest: number) => ({ period: '2019-01', dueDate: '2019-02-20', principal, fine, interest });
  it('repairs the one part whose slip makes the row add up (104,57 read 184,57: 104,57 + 20,91 + 5,00 = 130,48)', () => {
    expect(repairRowSum(row(18457, 2091, 500), { total: 13048, extras: [], missing: [] })).toEqual({ part: 'principal', value: 10457 });
    // With a correção column added in: 104,57 + 0,00 + 20,91 + 5,00.
    expect(repairRowSum(row(18457, 2091, 500), { total: 13048, extras: [0], missing: [] })).toEqual({ part: 'principal', value: 10457 });
  });
  it('fills the one part left unread with the difference', () => {
    expect(repairRowSum(row(10457, 0, 500), { total: 13048, extras: [], missing: ['fine'] })).toEqual({ part: 'fine', value: 2091 });
  });
  it('leaves the row when it adds up, when the total\'s own slip explains the gap, or when a lost digit explains it as well as a slip', () => {
    expect(repairRowSum(row(10457, 2091, 500), { total: 13048, extras: [], missing: [] })).toBeNull();
    expect(repairRowSum(row(10457, 2091, 500), { total: 13648, extras: [], missing: [] })).toBeNull();
    // 5.073,68 + 1.014,74 + 871,02 against 7.959,44: a 5 read for a 6, or the juros' leading 1 lost.
    expect(repairRowSum(row(507368, 101474, 87102), { total: 795944, extras: [], missing: [] })).toBeNull();
  });
  it('repairs the one part with a digit read twice or lost when no slip explains the gap (46.820,92 read "468200,92": 53.337,32 + 10.667,46 + 46.820,92 = 110.825,70)', () => {
    expect(repairRowSum(row(5333732, 1066746, 46820092), { total: 11082570, extras: [], missing: [] })).toEqual({ part: 'interest', value: 4682092 });
    expect(repairRowSum(row(5333732, 1066746, 468292), { total: 11082570, extras: [], missing: [] })).toEqual({ part: 'interest', value: 4682092 });
    // Not when the total read with a digit doubled ("1108825,70") explains it as well.
    expect(repairRowSum(row(5333732, 1066746, 4682092), { total: 110882570, extras: [], missing: [] })).toBeNull();
  });
});

describe('a total one OCR slip off its parts\' sum', () => {
  it('takes the sum when only the total\'s slip explains the gap (3.416,36 over parts adding to 3.416,30)', () => {
    expect(repairTotal({ principal: 135615, fine: 27123, interest: 121954, legalCharge: 56938, total: 341636 })).toBe(341630);
  });
  it('leaves it when a part\'s slip explains the gap as well (a 1 read for a 7 in the multa), or when no slip does', () => {
    expect(repairTotal({ principal: 23005738, fine: 13065107, interest: 12209998, legalCharge: 9656169, total: 57937612 })).toBeNull();
    expect(repairTotal({ principal: 100000, fine: 0, interest: 0, legalCharge: 0, total: 100100 })).toBeNull();
    expect(repairTotal({ principal: 100000, fine: null, interest: null, legalCharge: null, total: 100000 })).toBeNull();
  });
});

describe('an amount whose thousands dot OCR read twice', () => {
  it('reads an amount whose thousands dot OCR set apart by a space ("141 .685,07", "848. 187,57") whole, flagged, never its tail', () => {
    expect(moneyValues('10/03/1988 708.425,33 141 .685,07 621.343,54').map((v) => [v.value, v.repaired])).toEqual([['70842533', false], ['14168507', true], ['62134354', false]]);
    expect(moneyValues('848. 187,57').map((v) => [v.value, v.repaired])).toEqual([['84818757', true]]);
    expect(moneyValues('5.447,90 3.1 17,82').map((v) => [v.value, v.repaired])).toEqual([['544790', false], ['311782', true]]);
  });
  it('reads "R$ 89..478,04" whole, flagged as repaired, never its tail "478,04"', () => {
    expect(moneyValues('ENCARGO LEGAL (20%): R$ 89..478,04').map((v) => [v.value, v.repaired])).toEqual([['8947804', true]]);
    expect(moneyValues('R$ 89.478,04').map((v) => [v.value, v.repaired])).toEqual([['8947804', false]]);
  });
});

describe('a quarter whose 4 OCR read as an "a"', () => {
  it('reads a month whose second digit OCR read as "º" ("0º/2016") as the one month between the rows around it', () => {
    expect(repairPeriod('0º/2016', '2016-07-15', ['2016-05', '2016-07'])).toBe('2016-06');
    expect(repairPeriod('0º/2016', '2016-07-15', ['2016-04', '2016-07'])).toBeNull();
    expect(repairPeriod('0º/2016', '2016-07-15')).toBeNull();
  });
  it('reads a year whose last digit OCR lost or read as "º" ("JAN/201º" due 20/02/2019) as the one period less than a year before its due date', () => {
    expect(repairPeriod('JAN/201º', '2019-02-20')).toBe('2019-01');
    expect(repairPeriod('JAN/201', '2019-02-20')).toBe('2019-01');
    expect(repairPeriod('DEZ/201º', '2019-01-20')).toBe('2018-12');
    expect(repairPeriod('JAN/201º', null)).toBeNull();
    expect(repairPeriod('MAR/201º', '2019-02-20')).toBe('2018-03');
    expect(repairPeriod('MAR/201º', '2025-02-20')).toBeNull();
  });
  it('reads "aT/2012" due 30/01/2013 as 2012-Q4, and not when the quarter would start after its due date', () => {
    expect(repairPeriod('aT/2012', '2013-01-30')).toBe('2012-Q4');
    expect(repairPeriod('aT/2012', '2012-08-30')).toBeNull();
  });
});

describe('a zero read as a Q in a date', () => {
  it('reads "Q2/10/2025" as 02/10/2025, flagged as repaired', () => {
    expect(dateValues('Data de Consolidação.......: Q2/10/2025', true).map((v) => [v.value, v.repaired])).toEqual([['2025-10-02', true]]);
  });
  it('reads a slash OCR read as a stroke ("27110/2014", "27/10l2014") as the slash, flagged as repaired; a text layer keeps what it prints', () => {
    expect(dateValues('27110/2014', true).map((v) => [v.value, v.repaired])).toEqual([['2014-10-27', true]]);
    expect(dateValues('27/10l2014', true).map((v) => [v.value, v.repaired])).toEqual([['2014-10-27', true]]);
    expect(dateValues('27110/2014', false)).toEqual([]);
    // A month's name one letter off, the letter one OCR confuses with the printed one where two months fit.
    expect(dateValues('em 9 de juhho de 2017, sob', true).map((v) => [v.value, v.repaired])).toEqual([['2017-06-09', true]]);
    expect(dateValues('em 9 de jubho de 2017', true)).toEqual([]);
    expect(dateValues('em 9 de juhho de 2017', false)).toEqual([]);
    // Only the first of the month takes an ordinal: a scanned "2º de outubro" is a day OCR garbled (29, 20…), unread.
    expect(dateValues('Porto Alegre, 2º de outubro de 2025.', true)).toEqual([]);
    expect(dateValues('Porto Alegre, 1º de outubro de 2025.', true).map((v) => v.value)).toEqual(['2025-10-01']);
    expect(dateValues('Porto Alegre, 2º de outubro de 2025.', false).map((v) => v.value)).toEqual(['2025-10-02']);
    // A slash a speck turned into a 4 ("20410/2013").
    expect(dateValues('20410/2013', true).map((v) => [v.value, v.repaired])).toEqual([['2013-10-20', true]]);
    // One slash read as a 1, the other lost ("TOTAL DA DÍVIDA em 151112025"); not a nine-digit number that reads as no date.
    expect(dateValues('inscrição 318927932', true)).toEqual([]);
    expect(dateValues('em 151112025', true).map((v) => [v.value, v.repaired])).toEqual([['2025-11-15', true]]);
    expect(dateValues('em 151112025', false)).toEqual([]);
    // No date comes of it when the day or month cannot be one.
    expect(dateValues('45113/2014', true)).toEqual([]);
  });
  it('reads a zero\'s ring read as a raised º ("2º/07/2024") as the zero, flagged as repaired', () => {
    expect(dateValues('2º/07/2024', true).map((v) => [v.value, v.repaired])).toEqual([['2024-07-20', true]]);
  });
});

describe("years OCR read past 2050 in inscription numbers and dates in words", () => {
  it('restores the dotted zeros of a number\'s year and of a date written out, flagged as repaired', () => {
    expect(registrationValues('sob o número 45913/2624, originária', true).map((v) => [v.value, v.repaired])).toEqual([['45913/2024', true]]);
    expect(registrationValues('2669/000123', true).map((v) => v.value)).toEqual(['2009/000123']);
    expect(dateValues('inscrito em 24 de junho de 2624, sob', true).map((v) => [v.value, v.repaired])).toEqual([['2024-06-24', true]]);
    // "2686": 2080 is past 2050, 2006 needs two zeros and 2000 three: the fewest is 2006.
    expect(dateValues('em 2 de maio de 2686', true).map((v) => v.value)).toEqual(['2006-05-02']);
  });

  it('leaves a plausible year, and a text layer\'s digits, as printed', () => {
    expect(registrationValues('45913/2024', true).map((v) => [v.value, v.repaired])).toEqual([['45913/2024', false]]);
    expect(registrationValues('45913/2624', false).map((v) => v.value)).toEqual(['45913/2624']);
    expect(dateValues('em 24 de junho de 2624', false)).toEqual([]);
  });
});

describe('missingCell', () => {
  it('gives the one unread cell of a column the difference to its printed total', () => {
    // 4.642,53 + 4.317,13 + "5089," (lost its cents) = 14.048,91 printed.
    expect(missingCell([464253, 431713, 0], 1404891)).toEqual({ index: 2, value: 508925 });
    // A table of one row whose cell OCR could not read ("orar"): the row holds the whole printed amount.
    expect(missingCell([0], 642142)).toEqual({ index: 0, value: 642142 });
    expect(missingCell([0], 0)).toBeNull();
  });
  it('leaves a column alone when it adds up, when two cells are missing, or when the rest exceed the total', () => {
    expect(missingCell([1000, 0], 1000)).toBeNull();
    expect(missingCell([1000, 0, 0], 5000)).toBeNull();
    expect(missingCell([1000, 0], 900)).toBeNull();
    // 13 times the largest row: other misreads, not one row.
    expect(missingCell([700, 775, 0], 10135)).toBeNull();
  });

  it('restores a month OCR misread as another real month when one reading puts the row back in the table\'s order', () => {
    const row = (period: string, dueDate: string) => ({ period, dueDate, principal: 100, fine: 0, interest: 0 });
    const rows = [row('2014-07', '2014-08-07'), row('2014-06', '2014-09-07'), row('2014-09', '2014-10-20')];
    expect(repairPeriodOrder(rows, 1)).toBe('2014-08');
    expect(repairRows(rows, {}, new Map(), null)).toEqual(['Período "06/2014" lido por OCR corrigido para 2014-08 pela ordem da tabela; confira']);
    // In order already, or nothing around it to order by: left as read.
    expect(repairPeriodOrder([row('2014-07', '2014-08-07'), row('2014-08', '2014-09-07'), row('2014-09', '2014-10-20')], 1)).toBeNull();
    expect(repairPeriodOrder([row('2014-06', '2014-09-07'), row('2014-09', '2014-10-20')], 0)).toBeNull();
    expect(repairPeriodOrder([row('2014-05', '2014-06-07'), row('2014-03', '2014-09-07'), row('2014-09', '2014-10-20')], 1)).toBe('2014-08');
    // Several readings in order ("00" may be 06, 08 or 09 between 06 and 09), or none: no guess.
    expect(repairPeriodOrder([row('2014-06', '2014-07-07'), row('2014-00', '2014-09-07'), row('2014-09', '2014-10-20')], 1)).toBeNull();
    expect(repairPeriodOrder([row('2014-07', '2014-08-07'), row('2014-02', '2014-09-07'), row('2014-09', '2014-10-20')], 1)).toBeNull();
  });

  it('repairs a year of a yearly table by its due date where one of a repeated digit slipped ("1996" due 1986), and by the order where both slipped alike', () => {
    expect(repairYear('1996', '1986-03-10')).toBe('1986');
    const row = (period: string, dueDate: string) => ({ period, dueDate, principal: 100, fine: 0, interest: 0 });
    // Exercício 1998 read "1996 | 15/01/1996" between 1997 and 1999: the year by the order, then its due date.
    const both = [row('1997', '1997-04-15'), row('1996', '1996-01-15'), row('1999', '1999-01-15')];
    expect(repairRows(both, {}, new Map(), null)).toEqual([
      'Período "1996" lido por OCR corrigido para 1998 pela ordem da tabela; confira',
      'Vencimento "15/01/1996" lido por OCR corrigido para 15/01/1998; confira',
    ]);
    expect(both[1]).toMatchObject({ period: '1998', dueDate: '1998-01-15' });
    // Only the due date slipped ("1996 | 10/03/1990" between 1995 and 1997): the period stays, the due date is repaired.
    const due = [row('1995', '1995-01-15'), row('1996', '1990-03-10'), row('1997', '1997-04-15')];
    expect(repairRows(due, {}, new Map(), null)).toEqual(['Vencimento "10/03/1990" lido por OCR corrigido para 10/03/1996; confira']);
    expect(due[1]).toMatchObject({ period: '1996', dueDate: '1996-03-10' });
    // Years in order are left as read.
    expect(repairPeriodOrder([row('1995', '1995-01-15'), row('1996', '1996-03-10'), row('1997', '1997-04-15')], 1)).toBeNull();
  });

  it('repairs the one cell of a column with a digit read twice or lost when that alone makes the column add up', () => {
    // 100.156,64 for 10.156,64 (a zero read twice); 922,02 for 9.022,02 (a zero lost).
    expect(repairColumn([10015664, 20000], 1015664 + 20000)).toEqual({ index: 0, value: 1015664 });
    expect(repairColumn([92202, 150000], 902202 + 150000)).toEqual({ index: 0, value: 902202 });
    // Several cells could take a lost "1" in front: no guess.
    expect(repairColumn([1181, 5000, 2300], 11181 + 5000 + 2300)).toBeNull();
  });
});

describe('an encargo, a total and a period put right by what the rest of the certificate says', () => {
  it('takes for the encargo what the total leaves over principal, multa and juros when that is its 20 % and the amount read (one glyph off) is not', () => {
    // 315.474,80 + 236.606,10 + 261.064,71 = 813.145,61; 20 % = 162.629,12; the total 975.774,73 leaves exactly that.
    const v = { principal: 31547480, fine: 23660610, interest: 26106471, legalCharge: 16262917, total: 97577473 };
    expect(repairChargeByRate(v)).toBe(16262912);
    // Read at its rate, or the total leaving no rate, or more than one glyph apart: nothing.
    expect(repairChargeByRate({ ...v, legalCharge: 16262912 })).toBeNull();
    expect(repairChargeByRate({ ...v, total: 97577483 })).toBeNull();
    expect(repairChargeByRate({ ...v, legalCharge: 16262977 })).toBeNull();
  });

  it('repairs the total when the parts that could explain the gap were each read alike twice', () => {
    // 1.379,11 + 514,42 + 479,55 + 474,62 = 2.847,70, read 2.847,76; a principal 1.379,17 would explain it too.
    const v = { principal: 137911, fine: 51442, interest: 47955, legalCharge: 47462, total: 284776 };
    expect(repairTotal(v)).toBeNull();
    expect(repairTotal(v, new Set(['principal', 'fine', 'interest']))).toBe(284770);
    expect(repairTotal(v, new Set(['fine', 'interest']))).toBeNull();
  });

  it('reads a month whose slash OCR lost and whose year holds a lookalike letter ("MAL20I4"), not after its due date', () => {
    expect(repairPeriod('MAL20I4', '2014-06-25')).toBe('2014-05');
    expect(repairPeriod('MAL20I4', '2014-04-25')).toBeNull();
  });

  it('puts back the digit a month lost ("0/2015") by the lag every other row keeps to its due date', () => {
    expect(repairPeriod('0/2015', '2015-11-25', undefined, 1)).toBe('2015-10');
    expect(repairPeriod('0/2015', '2015-11-25')).toBeNull();
  });

  it('reads a PGFN process whose number group OCR read with a digit twice as the one reading with it once', () => {
    expect(processValues('15989.1860021/2011-46', true).map((v) => [v.value, v.repaired])).toEqual([['15989186021201146', true]]);
    // Two doubled pairs: two readings, left as read.
    expect(processValues('15989.1886621/2011-46', true).map((v) => v.repaired)).toEqual([undefined]);
  });
});

describe('a due date whose month OCR misread, in a table of periods printed as dates', () => {
  it('takes the reading as many months after its period as every other row\'s due date is after its own', () => {
    const rows = [
      { period: '2022-06-13', dueDate: '2022-07-28', principal: 100, fine: 0, interest: 0 },
      { period: '2022-08-16', dueDate: null, principal: 100, fine: 0, interest: 0 },
      { period: '2022-10-21', dueDate: '2022-11-28', principal: 100, fine: 0, interest: 0 },
    ];
    // "28/00/2022": 28/08 and 28/09 both fall between the rows around it; the others lag one month.
    expect(repairRows(rows, {}, new Map([[1, '28/00/2022']]), '2025-06-30')).toEqual(['Vencimento "28/00/2022" lido por OCR corrigido para 28/09/2022; confira']);
    expect(rows[1].dueDate).toBe('2022-09-28');
  });
});

describe('a row total that a dropped digit would close', () => {
  it('drops only a digit that repeats its neighbour (a glyph read twice), never another one', () => {
    // Principal 5.777,91 read 8.777,91: dropping the 3 of juros 3.610,50 would close the row by chance.
    const row = { period: '2015-08', dueDate: '2015-09-25', principal: 877791, fine: 115558, interest: 361050 };
    expect(repairRowSum(row, { total: 577791 + 115558 + 361050, extras: [], missing: [] })).toBeNull();
    // Juros 3.610,50 read 36.110,50 (its 1 read twice): the glyph read twice is dropped.
    const twice = { ...row, principal: 577791, interest: 3611050 };
    expect(repairRowSum(twice, { total: 577791 + 115558 + 361050, extras: [], missing: [] })).toEqual({ part: 'interest', value: 361050 });
  });
});
