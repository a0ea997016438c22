module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  moduleNameMapper: { '^@cda/shared$': '<rootDir>/../shared/src' },
  testTimeout: 60000,
};
