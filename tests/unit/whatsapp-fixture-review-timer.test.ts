// The loopback WhatsApp Cloud API reviewing templates by itself (autoReview, as in the demo and the e2e
// server): a submitted template is reviewed once its review is due on the fixture's clock, even when
// its timer fires a moment before that clock gets there (Node's timers and Date.now() tick apart).
// Without that, the last template of a burst (a template's last language) stayed in review for good.
import { afterEach, expect, it, vi } from 'vitest';
import { toGraphTemplate } from '@/domain/message-template';
import { DEMO_WHATSAPP_NUMBER, startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '../fixtures/whatsapp-cloud-api-server';

const REVIEW_DELAY_MS = 3_000;

let fixture: WhatsAppCloudApiServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await fixture?.close();
  fixture = undefined;
});

it('reviews a submitted template once it is due, though its timer fires a moment early', async () => {
  let clock = Date.UTC(2025, 5, 2, 12);
  // Only the timers are faked: the HTTP calls run on the real event loop.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fixture = await startWhatsAppCloudApiServer({ now: () => clock, reviewDelayMs: REVIEW_DELAY_MS, sampleTemplates: false });
  const template = toGraphTemplate(
    {
      name: 'order_update',
      category: 'UTILITY',
      languages: {
        pt_BR: { header: { type: 'none' }, body: 'Seu pedido foi enviado e chega em breve.', footer: '', buttons: [], examples: {} },
      },
    },
    'pt_BR',
  );
  const answer = await fetch(`${fixture.graphUrl}/${DEMO_WHATSAPP_NUMBER.wabaId}/message_templates`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO_WHATSAPP_NUMBER.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(template),
  });
  expect(answer.status).toBe(200);
  const { id } = (await answer.json()) as { id: string };

  // The timer fires while the fixture's clock is a millisecond short of the review.
  clock += REVIEW_DELAY_MS - 1;
  await vi.advanceTimersByTimeAsync(REVIEW_DELAY_MS);
  expect(fixture.template(id)?.status).toBe('PENDING');
  clock += 1;
  await vi.advanceTimersByTimeAsync(1);
  expect(fixture.template(id)?.status).toBe('APPROVED');
});
