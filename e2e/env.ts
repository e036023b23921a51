/** Shared by playwright.config.ts and the specs. */
/** playwright.config.ts reads the same variable: two runs can share a machine. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_DATA_DIR = '.tmp/e2e-data';
export const E2E_ADMIN_PASSWORD = 'E2e-Admin-Pass-2026';
export const ARTIFACTS_DIR = 'e2e/.artifacts';
