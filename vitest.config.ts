import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every core (Vitest's default leaves one free: a single worker on a two-core machine; 716 → 560 s here).
    maxWorkers: '100%',
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
