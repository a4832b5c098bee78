import type { Messages } from '@lingui/core';
import type { LeadFormPost } from '@/domain/lead-form-post';
import type { Locale } from '@/domain/locales';

/**
 * The landing's JSON data block (LANDING_DATA_ELEMENT_ID), which its entry hydrates the islands
 * from: the page's language, its messages, and the lead form post the page answers, if any.
 */
export type LandingDocument = { locale: Locale; messages: Messages; form?: LeadFormPost };
