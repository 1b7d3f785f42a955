// A local ESLint rule for the server's module boundaries (issue 13): a business module under
// apps/server/src/modules/<name>/ is used by other modules only through its index (index.js),
// and the platform layer (apps/server/src/platform, db, connectors' shared code) never imports
// a business module. Relative imports only: the server has no path aliases.
import path from 'node:path';

const MODULES = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}modules${path.sep}`;
const PLATFORM = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}platform${path.sep}`;

/** The module a file belongs to (its first folder under modules/), or null. */
function moduleOf(file) {
  const at = file.indexOf(MODULES);
  if (at < 0) return null;
  const rest = file.slice(at + MODULES.length).split(path.sep);
  return rest.length > 1 ? rest[0] : null;
}

export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "a module is used by others only through its index; the platform never imports a module" },
    messages: {
      deep: "'{{target}}' reaches inside the {{module}} module: import from '{{index}}' (and export what you need there).",
      platform: "the platform layer does not import business modules ('{{target}}'): pass what it needs in, or move the code to the platform.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = moduleOf(file);
    const inPlatform = file.includes(PLATFORM);
    if (!from && !inPlatform) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const to = moduleOf(target);
      if (!to) return;
      if (inPlatform) {
        context.report({ node: node.source, messageId: 'platform', data: { target: source } });
        return;
      }
      if (to === from) return;
      const index = target.slice(0, target.indexOf(MODULES) + MODULES.length) + to;
      if (target === `${index}${path.sep}index.js` || target === index) return;
      const relativeIndex = path.relative(path.dirname(file), `${index}${path.sep}index.js`);
      context.report({ node: node.source, messageId: 'deep', data: { target: source, module: to, index: relativeIndex.startsWith('.') ? relativeIndex : `./${relativeIndex}` } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (node) => check({ source: node.source }) };
  },
};

export default { rules: { 'module-boundaries': moduleBoundaries } };
