import { z } from 'zod';

// zod compiles fast object parsers with `new Function`, probing for eval first.
// Under this app's CSP (no 'unsafe-eval') the probe is refused and reported as a
// securitypolicyviolation on every page load; interpreted parsing is plenty for
// forms. Must run before any schema is built, so main.tsx imports it first.
z.config({ jitless: true });
