import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'timetabling',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The generator runs for whole seconds on real schools; a test that outlives this has hung.
    testTimeout: 60_000,
    // The endgame's solver thread runs the library's build.
    globalSetup: ['src/test-support/build-library.ts'],
  },
});
