// The server as one file (issue 22; docs/decisions/024-embedded-database.md, "Later (2026-12-07): the start's
// waits"): loading ~700 files of ESM and CommonJS one by one took 0.4-0.5 s of every start. tsc still
// type-checks and writes dist/ (scripts and tests import those modules); this then replaces dist/server.js, the
// one file `npm start` runs, with the same code bundled. Names stay as written (stack traces name the functions);
// `node --enable-source-maps` maps positions back to the TypeScript.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { BUNDLE_EXTERNAL } from './bundle-externals.mjs';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');

/** `import.meta.dirname` in src/a/b.ts means dist/a: the bundle sits in dist/, so each file says its folder. */
const keepDirnames = {
  name: 'keep-dirnames',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(src + path.sep)) return undefined;
      const text = await readFile(args.path, 'utf8');
      const rel = path.relative(src, path.dirname(args.path)).split(path.sep).join('/');
      const dir = rel ? `(import.meta.dirname + ${JSON.stringify(`/${rel}`)})` : 'import.meta.dirname';
      return { contents: text.replaceAll('import.meta.dirname', dir), loader: 'ts' };
    });
  },
};

const result = await build({
  entryPoints: [path.join(src, 'server.ts')],
  outfile: path.join(root, 'dist/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: BUNDLE_EXTERNAL,
  sourcemap: 'linked',
  minifyWhitespace: true,
  minifySyntax: true,
  // CommonJS packages inside an ES module bundle call require() for Node's own modules.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  plugins: [keepDirnames],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(`server bundled: dist/server.js, ${(bytes / 1024 / 1024).toFixed(1)} MB with its source map`);
