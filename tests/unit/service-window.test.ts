// The WhatsApp ids a shopper's number may write from (server/channels/service-window.ts): the sender
// finds the shopper's last message by them, so each must be read back as the same number, and the
// older Brazilian and Mexican forms Meta still reports must be among them.
import { describe, expect, it } from 'vitest';
import { phoneFromWhatsappId } from '@/domain/contact-phone';
import { whatsappIdsOf } from '@/server/channels/service-window';

describe('whatsappIdsOf', () => {
  it('gives the digits of a number, and nothing more where no older form exists', () => {
    expect(whatsappIdsOf('+14155552671')).toEqual(['14155552671']);
    expect(whatsappIdsOf('+5491123456789')).toEqual(['5491123456789']);
    // A Brazilian landline has no ninth digit to drop.
    expect(whatsappIdsOf('+551138765432')).toEqual(['551138765432']);
  });

  it('adds the id of a Brazilian mobile registered before its ninth digit', () => {
    expect(whatsappIdsOf('+5511987654321')).toEqual(['5511987654321', '551187654321']);
  });

  it("adds a Mexican mobile's id with the old '1' after 52", () => {
    expect(whatsappIdsOf('+525512345678')).toEqual(['525512345678', '5215512345678']);
  });

  it('gives only ids the webhook side reads back as the same number', () => {
    for (const phone of ['+5511987654321', '+525512345678', '+14155552671', '+551138765432'])
      for (const id of whatsappIdsOf(phone)) expect(phoneFromWhatsappId(id)).toBe(phone);
  });
});
