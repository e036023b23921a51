// Every installed package must run on the Node versions the README promises
// (root package.json `engines.node`, tested on 20 and 24): npm's EBADENGINE
// warnings at install time were a broken promise (issue 24). Reads the lock
// file, so it checks what `npm ci` installs, dev tools included.
import fs from 'node:fs';
import semver from 'semver';

const lock = JSON.parse(fs.readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const root = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const minimum = semver.minVersion(root.engines.node);
const promised = [minimum.version, '24.0.0'];

// Node releases no build for these platforms from this major on, so a package made only for one of
// them (sharp's prebuilt for 32-bit Windows) never meets that Node: nothing to promise there.
const UNBUILT = [{ fromMajor: 23, os: 'win32', cpu: 'ia32' }];
const neverMeets = (pkg, version) =>
  UNBUILT.some(
    (u) =>
      semver.major(version) >= u.fromMajor && pkg.os?.length === 1 && pkg.os[0] === u.os && pkg.cpu?.length === 1 && pkg.cpu[0] === u.cpu,
  );

const bad = [];
for (const [where, pkg] of Object.entries(lock.packages)) {
  const range = pkg.engines?.node;
  if (!where || !range) continue;
  for (const version of promised) {
    if (neverMeets(pkg, version)) continue;
    if (!semver.satisfies(version, range, { includePrerelease: true }))
      bad.push(`${where}@${pkg.version} wants node ${range}, not ${version}`);
  }
}
if (bad.length) {
  console.error(`Packages that do not run on the promised Node versions (${promised.join(', ')}):\n  ${bad.join('\n  ')}`);
  process.exit(1);
}
console.log(`engines: every locked package accepts Node ${promised.join(' and ')}`);
