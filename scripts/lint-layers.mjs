// An ESLint rule that keeps the layers apart (eslint.config.js gives it the table of boundaries). Each import
// is resolved to a path of the repository (relative paths, `~/` for app/, `#contract/` for contract/), so a
// boundary is stated about folders, whatever the depth of the file that imports.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALIASES = [
  ['~/', 'app/'],
  ['#contract/', 'contract/'],
];

/** The repository path an import names (without extension), or null for a package. */
export function importedPath(fromFile, specifier) {
  for (const [alias, folder] of ALIASES) {
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length);
  }
  if (!specifier.startsWith('.')) return null;
  const absolute = path.resolve(path.dirname(path.resolve(ROOT, fromFile)), specifier);
  return path.relative(ROOT, absolute).split(path.sep).join('/');
}

const withoutExtension = (file) => file.replace(/\.(?:[cm]?[jt]sx?|json)$/, '');

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first boundary an import crosses, or null. A boundary (plain data, as ESLint keeps rule options):
 * `from`, a regular expression on the importing file's path; `refuse`, one on the imported path, where
 * `$1` stands for what `from`'s first group matched (a feature's own name, say); its `message`; and `allow`,
 * `file -> imported path` pairs (no extensions) let through, each with the reason it is there.
 */
export function crossedBoundary(boundaries, fromFile, specifier) {
  const target = importedPath(fromFile, specifier);
  if (target === null) return null;
  for (const boundary of boundaries) {
    const from = new RegExp(boundary.from).exec(fromFile);
    if (!from) continue;
    const refuse = new RegExp(boundary.refuse.replace('$1', escape(from[1] ?? '')));
    if (!refuse.test(target)) continue;
    if (boundary.allow?.[`${withoutExtension(fromFile)} -> ${withoutExtension(target)}`]) continue;
    return boundary;
  }
  return null;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuses imports across the layers named in eslint.config.js.' },
    schema: [{ type: 'array' }],
  },
  create(context) {
    const table = context.options[0] ?? [];
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const boundary = crossedBoundary(table, file, source.value);
      if (boundary) context.report({ node: source, message: `${boundary.message} (${source.value})` });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const layersPlugin = { rules: { boundaries } };
