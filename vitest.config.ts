import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/timetabling',
      'apps/server',
      'apps/web',
      // The whole repository's shape: floors, import circles, file sizes, self-containment, lint boundaries.
      { test: { name: 'architecture', include: ['tests/architecture/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
