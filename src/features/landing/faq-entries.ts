import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * The landing page's questions and answers: shown by the FAQ section and, as FAQPage structured
 * data, written into the page's head (landing-head.ts), so both always say the same.
 */
export const faqEntries: { question: MessageDescriptor; answer: MessageDescriptor }[] = [
  {
    question: msg`Which e-commerce platforms does Catalyst integrate with?`,
    answer: msg`More than 10, including Shopify, VTEX and Yampi. Catalog, stock and orders sync on their own; if your platform is not on the list, talk to us.`,
  },
  {
    question: msg`Do I need a WhatsApp Business account?`,
    answer: msg`Yes: the WhatsApp Business app or the WhatsApp Business Platform. We help you connect it during setup.`,
  },
  {
    question: msg`How does the AI learn about my store?`,
    answer: msg`It trains on your catalog and on the spreadsheets and PDFs you upload, such as policies and FAQs. Each plan includes a number of trainings per month.`,
  },
  {
    question: msg`What happens when I use up my monthly queries?`,
    answer: msg`Nothing stops: extra queries are charged at your plan's extra-query price.`,
  },
  {
    question: msg`Can my team take over a conversation?`,
    answer: msg`Yes. The AI hands the chat to a person whenever the customer asks or when it cannot help.`,
  },
];
