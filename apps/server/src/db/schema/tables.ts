import * as account from './account.js';
import * as campus from './campus.js';
import * as messages from './messages.js';
import * as ops from './ops.js';
import * as system from './system.js';

/** Every table of the schema in one object: what Drizzle is opened with (db/client.ts), and so the `Db` type. */
export const schema = { ...system, ...campus, ...messages, ...ops, ...account };
