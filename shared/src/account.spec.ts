import { displayPhone } from './account';

describe('displayPhone', () => {
  it('writes stored digits the way people read them', () => {
    expect(displayPhone('11987654321')).toBe('(11) 98765-4321');
    expect(displayPhone('1134567890')).toBe('(11) 3456-7890');
  });

  it('leaves anything else as it is, and nothing as empty', () => {
    expect(displayPhone('123')).toBe('123');
    expect(displayPhone(null)).toBe('');
    expect(displayPhone(undefined)).toBe('');
  });
});
