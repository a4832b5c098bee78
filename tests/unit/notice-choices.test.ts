// The templates a post-sale notice may send, as the notices section offers them per number: approved
// in some language, a Utility template in every approved language (the server refuses the rest), by
// name, with the variables of the approved languages only.
import { describe, expect, it } from 'vitest';
import type { Channel } from '@/domain/channel';
import type { TemplateAccount, TemplateRecord } from '@/domain/message-template';
import { noticeNumbersOf, noticeTemplatesOf } from '@/src/features/inventories/notice-choices';

const CHANNEL = '00000000-0000-4000-8000-000000000051';

function record(
  name: string,
  language: string,
  overrides: Partial<TemplateRecord> = {},
  body = 'Hi {{first_name}}, order {{order_number}} is in.',
) {
  return {
    metaId: `${name}-${language}`,
    name,
    language,
    category: 'UTILITY',
    status: 'APPROVED',
    quality: 'UNKNOWN',
    rejectedReason: null,
    parameterFormat: 'NAMED',
    content: { header: { type: 'none' }, body, footer: '', buttons: [], examples: {} },
    unsupported: [],
    channelId: CHANNEL,
    pausedUntil: null,
    attention: null,
    updatedAt: '2026-11-29T06:00:00.000Z',
    ...overrides,
  } as TemplateRecord;
}

describe('noticeTemplatesOf', () => {
  it('offers each approved Utility template once, by name, with the variables of its approved languages', () => {
    const templates = noticeTemplatesOf([
      record('order_shipped', 'pt_BR', {}, 'Oi {{first_name}}, siga aqui: {{tracking_url}} agora.'),
      record('order_shipped', 'en_US', {}, 'Hi {{first_name}}, your carrier {{carrier}} has it.'),
      // Still in review: its variable is not one the notice must fill yet.
      record('order_shipped', 'es', { status: 'PENDING' }, 'Hola {{first_name}}, código {{codigo}} listo.'),
      record('hello_world', 'en_US', {}, 'Hello world, from the store.'),
    ]);
    expect(templates).toEqual([
      { name: 'hello_world', variables: [] },
      { name: 'order_shipped', variables: ['first_name', 'tracking_url', 'carrier'] },
    ]);
  });

  it('leaves out what is not approved anywhere, and a template approved as Marketing in any language', () => {
    expect(
      noticeTemplatesOf([
        record('in_review', 'pt_BR', { status: 'PENDING' }),
        record('rejected', 'pt_BR', { status: 'REJECTED' }),
        record('paused', 'pt_BR', { status: 'PAUSED' }),
        record('offer', 'pt_BR', { category: 'MARKETING' }),
        record('mixed', 'pt_BR'),
        record('mixed', 'en_US', { category: 'MARKETING' }),
      ]),
    ).toEqual([]);
  });
});

describe('noticeNumbersOf', () => {
  it('gives every connected number its own templates, and none to a number the list has no account for', () => {
    const channel = (id: string) => ({ id, displayPhoneNumber: '+55 11 93456-7890', verifiedName: 'Loja Ana' }) as Channel;
    const accounts = [
      { channelId: CHANNEL, displayPhoneNumber: '', wabaId: '1', templates: [record('hello_world', 'en_US')], refreshedAt: null },
    ];
    expect(noticeNumbersOf([channel(CHANNEL), channel('other')], accounts as TemplateAccount[])).toEqual([
      {
        channelId: CHANNEL,
        displayPhoneNumber: '+55 11 93456-7890',
        verifiedName: 'Loja Ana',
        templates: [{ name: 'hello_world', variables: ['first_name', 'order_number'] }],
      },
      { channelId: 'other', displayPhoneNumber: '+55 11 93456-7890', verifiedName: 'Loja Ana', templates: [] },
    ]);
  });
});
