export * from './analysis';
export * from './realtime';
export * from './money';
export * from './config';
export * from './certificate';
export * from './settings';
export * from './tokens';
export * from './simulation';
