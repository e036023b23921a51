import base from './playwright.config';

/** `npm run screenshots`: the screenshot tour only, on the same server set-up as the e2e suite. */
export default { ...base, testMatch: 'screenshots.spec.ts', testIgnore: [] };
