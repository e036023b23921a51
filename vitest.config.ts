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
      // Its tests read the whole tree and load ESLint's config: 1-2 s alone, once 9.5 s on a loaded host, past
      // Vitest's 5 s default. A time limit here only catches a hang; speed is the bench's business.
      {
        test: {
          name: 'architecture',
          include: ['tests/architecture/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
  },
});
