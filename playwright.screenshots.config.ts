import { defineConfig } from '@playwright/test';
import base from './playwright.config.js';

/** `npm run screenshots`: the screenshot tour only, on the same server set-up as the e2e suite. */
export default defineConfig({ ...base, testMatch: 'screenshots.spec.ts', testIgnore: [] });
