import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/timetabling', 'apps/server', 'apps/web'],
  },
});
