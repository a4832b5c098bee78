// A lint rule (eslint.config.js): each server area's tables (server/<area>/*-tables.ts) are read by
// that area's own files; another area asks that area's store, or its <area>-queries.ts for what it
// composes into a statement or transaction of its own. Table files may name another area's tables
// (foreign keys).
import { dirname, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const areaOf = (file) => /^server\/([a-z-]+)\//.exec(file)?.[1];

export const areaTables = {
  meta: {
    type: 'problem',
    messages: { crossArea: "server/{{area}} reads server/{{other}}'s tables: ask server/{{other}}'s store instead." },
    schema: [],
  },
  create(context) {
    const file = relative(root, context.filename);
    const area = areaOf(file);
    if (!area || file.endsWith('-tables.ts')) return {};
    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (!source.endsWith('-tables')) return;
        // `@/…` is the repository's root (tsconfig.json's paths).
        const target = source.startsWith('@/')
          ? resolve(root, source.slice(2))
          : source.startsWith('.')
            ? resolve(dirname(context.filename), source)
            : null;
        const other = target && areaOf(relative(root, target));
        if (other && other !== area) context.report({ node, messageId: 'crossArea', data: { area, other } });
      },
    };
  },
};
