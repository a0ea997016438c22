import { query } from './admin';

describe('admin list query strings', () => {
  it('never sends the filter value `all`, nor empty values', () => {
    expect(query({ search: '', status: 'all', plan: 'all', page: 1 })).toBe('?page=1');
    expect(query({ search: 'ana silva', status: 'suspended', plan: 'premium', page: 2 })).toBe('?search=ana+silva&status=suspended&plan=premium&page=2');
    expect(query({ search: undefined })).toBe('');
  });
});
