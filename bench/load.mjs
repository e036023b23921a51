// npm run bench:load [-- --duration 60] [-- --clients 50] [-- --postgres]
//
// The long form of tests/system/load.test.ts: the built server on a fresh
// database, 50 concurrent clients mixing reads (lists, search, get, current
// user) and writes (create, update students) for 60 s. Prints throughput and
// p50/p95/p99 per operation, writes bench/results/load-<db>.json, and exits 1
// on any error (a non-2xx answer or a failed connection).
import { formatLoadResult, runMixedLoad, seedStudents } from './lib/load-mix.mjs';
import { prepareTarget, numberArg, writeResult } from './lib/load-target.mjs';
import { signIn, startServer } from '../tests/support/server-process.mjs';

const argv = process.argv.slice(2);
const durationS = numberArg(argv, 'duration', 60);
const clients = numberArg(argv, 'clients', 50);
const PASSWORD = 'Bench-Load-Pass-2026';

const target = await prepareTarget(argv.includes('--postgres'));
let server;
try {
  server = await startServer({ adminPassword: PASSWORD, ...target.options });
  const client = await signIn(server.url, PASSWORD);
  const prefix = `B${Date.now().toString(36)}`;
  const ids = await seedStudents(client, prefix, 100);
  console.log(`load: ${clients} clients for ${durationS} s on ${target.label} (${server.url})`);
  const result = await runMixedLoad({ client, concurrency: clients, durationMs: durationS * 1000, prefix, ids });
  console.log(formatLoadResult(result));
  for (const e of result.errors) console.log(`  error: ${e.op} -> ${e.status} ${e.msg}`);
  const file = writeResult(`load-${target.label.toLowerCase()}`, {
    date: new Date().toISOString(),
    database: target.label,
    clients,
    durationS,
    ...result,
  });
  console.log(`p99 ${result.p99} ms; written to ${file}`);
  process.exitCode = result.errorCount === 0 ? 0 : 1;
} finally {
  await server?.stop();
  target.cleanUp();
}
