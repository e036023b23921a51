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
      // Rendering in jsdom beside the server's suites on two cores: the 5 s default is near a slow host's first
      // render. A limit here only catches a hang; speed is the bench's business.
      testTimeout: 30_000,
    },
  }),
);
