import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      css: false,
      // jsdom renders share two cores with the server's suites (1.5 s at most here); the 5 s default leaves a
      // slower host little room. A limit here only catches a hang; speed is the bench's business.
      testTimeout: 30_000,
    },
  }),
);
