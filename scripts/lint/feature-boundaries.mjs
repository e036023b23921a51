import path from 'node:path';

// An ESLint rule: a web feature (apps/web/src/features/<name>/) never imports
// another feature, and a server module (apps/server/src/modules/<name>/) never
// imports another module. Shared code moves down: the web's lib/, the server's
// resources/, plugins/ or lib/, or the contract (decision 013).

const AREAS = [
  { root: 'apps/web/src/features', kind: 'web feature' },
  { root: 'apps/server/src/modules', kind: 'server module' },
];

/** The area and the feature folder a root-relative path lies in; null outside every feature folder. */
function featureOf(rel) {
  for (const area of AREAS) {
    if (!rel.startsWith(`${area.root}/`)) continue;
    const rest = rel.slice(area.root.length + 1).split('/');
    if (rest.length < 2) return null;
    return { area, name: rest[0] };
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse imports between web features and between server modules' },
    messages: {
      crossing:
        "The {{kind}} '{{own}}' imports '{{source}}' of the {{kind}} '{{other}}': {{kind}}s do not import each other; move what they share down.",
    },
    schema: [],
  },
  create(context) {
    const cwd = context.cwd;
    const rel = path.relative(cwd, path.resolve(cwd, context.filename)).split(path.sep).join('/');
    const own = featureOf(rel);
    if (!own) return {};
    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), source));
      const other = featureOf(target);
      if (other && other.area === own.area && other.name !== own.name) {
        context.report({ node, messageId: 'crossing', data: { kind: own.area.kind, own: own.name, other: other.name, source } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { meta: { name: 'campus-boundaries' }, rules: { 'feature-boundaries': featureBoundaries } };
