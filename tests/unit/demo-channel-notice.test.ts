// What `npm start` prints about the demo channel (scripts/demo-channel.ts's demoChannelNotice): with
// no active AI base, the steps a newcomer takes, each naming a screen the app really has (a route
// file under src/routes/$lang/_app), the demo inventory to choose and where Meta's webhook step is
// done (the shopper page's stand-in for Meta's settings); once connected, its
// conversations page and the simulated shopper with a product question the demo store answers.
import { existsSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { Channel } from '@/domain/channel';
import { DEMO_PRODUCT_QUESTION, demoChannelNotice } from '@/scripts/demo-channel';

const where = { appUrl: 'http://localhost:3000', shopperUrl: 'http://127.0.0.1:3103/_demo/shopper', inventoryName: 'Loja Demo' };

/** The app screens a notice names, as paths below /{lang}. */
const screensIn = (lines: string[]) => [...lines.join('\n').matchAll(/http:\/\/localhost:3000\/en(\/[\w/-]*)/g)].map((match) => match[1]!);
/** Whether a path below /{lang} has a route file (a UUID stands for a `$id` segment). */
const routed = (path: string) => {
  const file = `src/routes/$lang/_app${path.replace(/\/[0-9a-f-]{36}(?=\/|$)/g, '/$id')}`;
  return existsSync(`${file}.tsx`) || existsSync(`${file}/index.tsx`);
};

test('without an active AI base: make or activate one on the AI bases screen, then connect on Channels with the demo inventory', () => {
  const lines = demoChannelNotice({ channel: null, reason: 'no_active_ai_base' }, where);
  const text = lines.join('\n');
  expect(screensIn(lines)).toEqual(['/ia-bases', '/channels']);
  for (const screen of screensIn(lines)) expect(routed(screen), screen).toBe(true);
  expect(text).toContain('New AI base');
  expect(text).toContain('Activate');
  expect(text).toContain("the inventory 'Loja Demo'");
  // Meta's webhook step, which the channel screen then shows, has its stand-in on the shopper page.
  expect(text).toContain(`Meta's webhook settings are the shopper page's (${where.shopperUrl})`);
  expect(text).toContain('Verify and save');
  expect(text).toContain(where.shopperUrl);
  expect(text).toContain(DEMO_PRODUCT_QUESTION);
  // No inventory linked: no name made up.
  expect(demoChannelNotice({ channel: null, reason: 'no_active_ai_base' }, { ...where, inventoryName: null }).join('\n')).toContain(
    'your inventory',
  );
});

test('connected: the channel’s conversations page and the simulated shopper', () => {
  const channel = { id: '6757b325-3573-4566-bb5d-603dc93790e5' } as Channel;
  const lines = demoChannelNotice({ channel, created: true, verifyToken: 'shown-once' }, where);
  expect(lines[0]).toBe(`Demo channel (connected now): http://localhost:3000/en/channels/${channel.id} (its conversations)`);
  for (const screen of screensIn(lines)) expect(routed(screen), screen).toBe(true);
  expect(lines.join('\n')).toContain(where.shopperUrl);
  expect(demoChannelNotice({ channel, created: false }, where)[0]).not.toContain('connected now');
});
