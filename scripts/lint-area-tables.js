// A lint rule (eslint.config.js): each server area's tables (server/<area>/*-tables.ts) are read by
// that area's own files; another area asks that area's store. Table files may name another area's
// tables (foreign keys). The reads listed in `existing` came before the rule: each joins the other
// area's table inside one statement or transaction; no new ones.
import { dirname, relative, resolve } from 'node:path';

/** File -> the other areas whose tables it still reads. */
const existing = {
  'server/accounts/account-store.ts': ['ai-bases'],
  'server/ai-bases/ai-base-store.ts': ['accounts', 'channels'],
  'server/channels/channel-conversations.ts': ['inventories'],
  'server/channels/channel-store.ts': ['ai-bases', 'inventories'],
  'server/channels/inbound-answer.ts': ['inventories'],
  'server/channels/inbound-products.ts': ['inventories'],
  'server/channels/inbound-replies.ts': ['accounts', 'ai-bases', 'inventories', 'storefront'],
  'server/inventories/converted-value.ts': ['storefront'],
  'server/inventories/order-reader.ts': ['storefront'],
  'server/knowledge/knowledge-store.ts': ['accounts', 'ai-bases'],
  'server/storefront/event-recorder.ts': ['inventories'],
  'server/storefront/storefront-store.ts': ['inventories'],
};

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
    const allowed = existing[file] ?? [];
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
        if (other && other !== area && !allowed.includes(other)) context.report({ node, messageId: 'crossArea', data: { area, other } });
      },
    };
  },
};
