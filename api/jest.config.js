module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|e2e-spec)\\.ts$',
  moduleNameMapper: { '^@cda/shared$': '<rootDir>/../shared/src' },
  globalSetup: '<rootDir>/test/global-setup.ts',
  testTimeout: 60000,
};
