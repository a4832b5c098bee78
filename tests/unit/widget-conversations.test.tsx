// @vitest-environment happy-dom
// The website widget's conversations on a number's screen (src/features/channels/components/
// widget-conversations.tsx): shown on the screen of the number the widget answers with — when each
// began, what the shopper wrote, what the AI base answered and the products it showed, in the
// merchant's language — and nothing on another number's screen, with none yet, or when the read fails.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { WidgetConversations as Read } from '@/domain/widget-chat';
import { WidgetConversations } from '@/src/features/channels/components/widget-conversations';
import { renderInLang } from './support/render-in-lang';

afterEach(cleanup);

const NUMBER = '00000000-0000-4000-8000-000000000091';
const OTHER = '00000000-0000-4000-8000-000000000092';

const read: Read = {
  channelId: NUMBER,
  conversations: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      startedAt: '2026-03-10T15:00:00.000Z',
      lastMessageAt: '2026-03-10T15:01:00.000Z',
      messages: [
        { role: 'shopper', text: 'Vocês têm camisetas?', products: [], at: '2026-03-10T15:00:00.000Z' },
        {
          role: 'agent',
          text: 'Temos, sim!',
          products: ['Camiseta Básica — P', 'Camiseta Básica — M'],
          at: '2026-03-10T15:00:01.000Z',
        },
      ],
    },
  ],
};

/** The router context's API client: GET /widget/conversations answers `answer` (a thrown error: the read failed). */
const apiAnswering = (answer: () => Promise<Read>) => ({
  get: (path: string) => (path === '/widget/conversations' ? answer() : Promise.reject(new Error(`unexpected GET ${path}`))),
});

test('on the widget’s number: each conversation, when it began, who wrote what and the products shown, in Portuguese', async () => {
  await renderInLang(() => <WidgetConversations channelId={NUMBER} />, {
    lang: 'pt',
    context: { api: apiAnswering(() => Promise.resolve(read)) },
  });
  const section = await screen.findByRole('region', { name: 'Conversas no widget do site' });
  expect(section.querySelector('h3')!.textContent).toMatch(/^Iniciada em 10\/03\/2026/);
  expect([...section.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
    'Cliente: Vocês têm camisetas?',
    'Base de IA: Temos, sim! (produtos mostrados: Camiseta Básica — P, Camiseta Básica — M)',
  ]);
});

test('nothing on another number’s screen, with no conversation yet, or when they cannot be read', async () => {
  const cases: [string, () => Promise<Read>][] = [
    [OTHER, () => Promise.resolve(read)],
    [NUMBER, () => Promise.resolve({ channelId: NUMBER, conversations: [] })],
    [NUMBER, () => Promise.reject(new Error('503'))],
  ];
  for (const [channelId, answer] of cases) {
    let asked = false;
    const { container } = await renderInLang(() => <WidgetConversations channelId={channelId} />, {
      context: {
        api: apiAnswering(() => {
          asked = true;
          return answer();
        }),
      },
    });
    await expect.poll(() => asked).toBe(true);
    // The read settled (a microtask later) and drew nothing.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.querySelector('section')).toBeNull();
    cleanup();
  }
});
