module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  // The fixture generators carry their own specs (determinism, consistency of the expected records).
  roots: ['<rootDir>/src', '<rootDir>/fixtures'],
  moduleNameMapper: { '^@cda/shared$': '<rootDir>/../shared/src' },
  testTimeout: 60000,
};
