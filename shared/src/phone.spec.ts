import { formatPhone, isBlankPhone, normalizePhone, phoneOnBlur, typingPhone } from './phone';

describe('normalizePhone: the stored digits of a Brazilian number written any common way', () => {
  it('takes a pasted international mobile number as its national digits', () => {
    // The bug this replaces: the fixed mask made `(55) 11987-6543` of it.
    expect(normalizePhone('+55 11 98765-4321')).toBe('11987654321');
    expect(normalizePhone('+5511987654321')).toBe('11987654321');
    expect(normalizePhone('55 11 98765-4321')).toBe('11987654321');
  });

  it('takes 10-digit landlines and 11-digit mobiles with or without punctuation', () => {
    expect(normalizePhone('(11) 3322-4455')).toBe('1133224455');
    expect(normalizePhone('1133224455')).toBe('1133224455');
    expect(normalizePhone('(21) 2345-6789')).toBe('2123456789');
    expect(normalizePhone('(11) 98765-4321')).toBe('11987654321');
    expect(normalizePhone('11987654321')).toBe('11987654321');
  });

  it('drops the long-distance carrier prefix people dial (0 + carrier code)', () => {
    expect(normalizePhone('0 21 11 98765-4321')).toBe('11987654321');
  });

  it('refuses numbers that do not exist in Brazil', () => {
    expect(normalizePhone('9876-4321')).toBeNull(); // no area code
    expect(normalizePhone('(11) 2345-678')).toBeNull(); // 9 digits
    expect(normalizePhone('(11) 98765-432')).toBeNull(); // 10 digits starting with 9: a mobile missing a digit
    expect(normalizePhone('(55) 11987-6543')).toBeNull(); // what the old mask made of +55 11 98765-4321
    expect(normalizePhone('(11) 1234-5678')).toBeNull(); // subscriber numbers never start with 1
    expect(normalizePhone('+1 212 555 0100')).toBeNull(); // another country
    expect(normalizePhone('0800 123 4567')).toBeNull(); // toll-free is no one's line
    expect(normalizePhone('')).toBeNull();
    expect(normalizePhone('() -')).toBeNull();
  });
});

describe('formatPhone: stored digits as Brazilians write them', () => {
  it('writes mobiles with five digits before the dash and landlines with four', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1133224455')).toBe('(11) 3322-4455');
  });

  it('leaves what it cannot read as it is, and nothing as empty', () => {
    expect(formatPhone('123')).toBe('123');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('typingPhone / phoneOnBlur: the phone field while typing and when left', () => {
  it('formats a landline and a mobile digit by digit', () => {
    expect(typingPhone('11')).toBe('(11)');
    expect(typingPhone('113322')).toBe('(11) 3322');
    expect(typingPhone('1133224455')).toBe('(11) 3322-4455');
    expect(typingPhone('1198765')).toBe('(11) 98765');
    expect(typingPhone('11987654321')).toBe('(11) 98765-4321');
  });

  it('keeps a pasted country code while typing, then writes the national form when the field is left', () => {
    expect(typingPhone('+5511987654321')).toBe('+55 11 98765 4321');
    expect(phoneOnBlur('+55 11 98765 4321')).toBe('(11) 98765-4321');
    expect(phoneOnBlur('(11) 3322-4455')).toBe('(11) 3322-4455');
  });

  it('leaves an invalid entry for the validator to name, and lets punctuation be deleted', () => {
    expect(phoneOnBlur('9876-4321')).toBe('9876-4321');
    expect(typingPhone('(')).toBe('');
    expect(typingPhone('+')).toBe('+');
  });

  it('tells an empty optional field from a filled one', () => {
    expect(isBlankPhone('')).toBe(true);
    expect(isBlankPhone('( ) -')).toBe(true);
    expect(isBlankPhone(null)).toBe(true);
    expect(isBlankPhone('(11)')).toBe(false);
  });
});
