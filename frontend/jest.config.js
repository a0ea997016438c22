module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: { jsx: 'react-jsx', module: 'commonjs', moduleResolution: 'node', esModuleInterop: true, isolatedModules: true } }],
  },
  moduleNameMapper: {
    '^@cda/shared$': '<rootDir>/../shared/src',
    '\\.css$': '<rootDir>/src/test/style-stub.js',
  },
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
};
