// Size budget of the built web app (issue 9): the JavaScript and CSS the login
// page loads, and the largest chunk, gzip-compressed. Fails the build when over.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const LOGIN_BUDGET_KIB = 185;
// Issue 22: no page of the benchmark loads a chunk over 150 KiB gzip.
const CHUNK_BUDGET_KIB = 150;
// Ours: Arco's styles come per component (decision 012); the whole sheet alone is 64 KiB gzip.
const LOGIN_CSS_BUDGET_KIB = 16;
const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const gzipKib = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

/** Every JS file a chunk pulls in before it runs: itself and its static imports, recursively. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('manifest has no entry chunk');
// The login page is part of the entry (one round of requests for the first page); should it become a chunk of its own, count it too.
const loginKey = Object.keys(manifest).find((k) => /features\/auth\/login-page\.tsx$/.test(k));

const loginFiles = loginKey ? staticClosure(loginKey, staticClosure(entryKey)) : staticClosure(entryKey);
const loginKib = [...loginFiles].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKib(f), 0);
const loginCss = new Set(
  Object.values(manifest)
    .filter((c) => loginFiles.has(c.file))
    .flatMap((c) => c.css ?? []),
);
const loginCssKib = [...loginCss].reduce((sum, f) => sum + gzipKib(f), 0);

const chunks = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) => f.endsWith('.js'));
const sizes = chunks.map((f) => ({ file: f, kib: gzipKib(f) })).sort((a, b) => b.kib - a.kib);
const largest = sizes[0];

console.log(`login page JavaScript: ${loginKib.toFixed(1)} KiB gzip (budget ${LOGIN_BUDGET_KIB}) in ${loginFiles.size} file(s)`);
console.log(`login page CSS: ${loginCssKib.toFixed(1)} KiB gzip (budget ${LOGIN_CSS_BUDGET_KIB}) in ${loginCss.size} file(s)`);
console.log(`largest chunk: ${largest.file} ${largest.kib.toFixed(1)} KiB gzip (budget ${CHUNK_BUDGET_KIB}); ${chunks.length} chunks`);
const failures = [];

// Issue 22: the student and teacher lists open without building the people records' schemas (contract
// educate.ts, a shared chunk of its own): their add and edit forms, which need them, load on the first open.
const schemaChunk = Object.values(manifest).find((c) => c.name === 'educate' && !c.src);
for (const pageKey of ['src/features/educate/student-page.tsx', 'src/features/educate/teacher-page.tsx']) {
  if (!manifest[pageKey] || !schemaChunk)
    failures.push(`no ${manifest[pageKey] ? "chunk named 'educate'" : pageKey} in the build: update this check`);
  else if (staticClosure(pageKey).has(schemaChunk.file))
    failures.push(`${pageKey} loads ${schemaChunk.file} (the contract's schemas) before its form opens`);
  else console.log(`${pageKey}: its first load builds none of the records' schemas (${schemaChunk.file} comes with the form)`);
}
if (loginKib > LOGIN_BUDGET_KIB) failures.push(`login page JavaScript ${loginKib.toFixed(1)} KiB > ${LOGIN_BUDGET_KIB} KiB`);
if (loginCssKib > LOGIN_CSS_BUDGET_KIB) failures.push(`login page CSS ${loginCssKib.toFixed(1)} KiB > ${LOGIN_CSS_BUDGET_KIB} KiB`);
for (const s of sizes) if (s.kib > CHUNK_BUDGET_KIB) failures.push(`${s.file} ${s.kib.toFixed(1)} KiB > ${CHUNK_BUDGET_KIB} KiB`);
if (failures.length) {
  console.error(`size budget broken:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('size budget: ok');
