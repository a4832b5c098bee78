// 'Continue on WhatsApp' with its code: when the panel first opens, the page asks the Catalyst server
// for its visitor's handoff code (POST /api/v1/widget-sites/{public id}/handoffs) and keeps it for
// the session; the link (and on a desktop its QR code) then carries the prefilled message ending in
// '(ref CODE)', which the AI base on WhatsApp recognises. Without a code (no network, a limit) the
// link still opens the conversation, only without the site's part of it.
import { generate } from 'lean-qr/nano';
import { toSvg } from 'lean-qr/extras/svg';
import type { WidgetHandoff } from '@/domain/widget-chat';
import { withRef } from '@/domain/widget-ref';

/** The click-to-chat address with the message ready to send. */
export const whatsappLink = (link: string, text: string) => `${link}${link.includes('?') ? '&' : '?'}text=${encodeURIComponent(text)}`;

export type HandoffOptions = {
  endpoint: string;
  visitorId: string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  storageKey: string;
  fetch: typeof fetch;
};

/** The visitor's code: the one this session kept, else the server's; null when none could be had. */
export async function handoffRef(options: HandoffOptions): Promise<string | null> {
  try {
    const kept = options.storage?.getItem(options.storageKey);
    if (kept) return kept;
  } catch {
    /* storage blocked: asked again */
  }
  try {
    const answer = await options.fetch(options.endpoint, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ visitorId: options.visitorId }),
    });
    if (!answer.ok) return null;
    const { ref } = (await answer.json()) as WidgetHandoff;
    try {
      options.storage?.setItem(options.storageKey, ref);
    } catch {
      /* kept for the panel's life only */
    }
    return ref;
  } catch {
    return null;
  }
}

/** The link's message with its code. */
export const handoffLink = (link: string, prefilled: string, ref: string | null) => whatsappLink(link, withRef(prefilled, ref));

/** A QR code of `text` as an SVG (black on white, the quiet zone the standard asks), labelled for screen readers. */
export function qrCode(text: string, label: string): SVGElement {
  const svg = toSvg(generate(text), document, { on: '#000', off: '#fff', pad: 4, width: 152, height: 152 });
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  return svg;
}

/** A desktop (a fine pointer that hovers): the QR code is for the phone beside it. */
export const onDesktop = () => typeof matchMedia === 'function' && matchMedia('(hover: hover) and (pointer: fine)').matches;
