import { ServiceUnavailableException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { DEPENDENCY_DOWN_MESSAGE, DependencyDownFilter, isDependencyDown } from './dependency-down.filter';

describe('isDependencyDown', () => {
  it('recognises Postgres and Redis outages', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDependencyDown(refused)).toBe(true);
    expect(isDependencyDown(new AggregateError([refused], ''))).toBe(true);
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isDependencyDown(new QueryFailedError('SELECT 1', [], shutdown))).toBe(true);
    expect(isDependencyDown(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDependencyDown(new Error('Command timed out'))).toBe(true);
    expect(isDependencyDown(new Error('timed out', { cause: refused }))).toBe(true);
  });

  it('leaves bugs and bad queries alone', () => {
    expect(isDependencyDown(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    const syntax = Object.assign(new Error('syntax error at or near "FROM"'), { code: '42601' });
    expect(isDependencyDown(new QueryFailedError('SELEC', [], syntax))).toBe(false);
    expect(isDependencyDown(undefined)).toBe(false);
  });
});

describe('DependencyDownFilter', () => {
  function hostFor() {
    const reply = jest.fn();
    const host = {
      getType: () => 'http',
      switchToHttp: () => ({ getRequest: () => ({ method: 'GET', url: '/api/analyses?page=1' }), getResponse: () => ({}) }),
      getArgs: () => [{}, {}],
      getArgByIndex: () => ({}),
    };
    const filter = new DependencyDownFilter({ reply, isHeadersSent: () => false, getRequestUrl: () => '/' } as never);
    return { reply, host, filter };
  }

  it('answers 503 with the pt-BR message when Postgres is down', () => {
    const { reply, host, filter } = hostFor();
    filter.catch(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), host as never);
    expect(reply).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ statusCode: 503, message: DEPENDENCY_DOWN_MESSAGE }), 503);
  });

  it('passes HTTP errors through untouched', () => {
    const { reply, host, filter } = hostFor();
    filter.catch(new ServiceUnavailableException('Servidor reiniciando.'), host as never);
    expect(reply).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ message: 'Servidor reiniciando.' }), 503);
  });
});
