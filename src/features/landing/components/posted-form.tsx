// The landing after a lead form was sent as a plain HTML form (before or without JavaScript; see
// domain/lead-form-post.ts): the server renders the page with the post, and the landing's entry
// hydrates it with the same (its data block). The static form shows what was typed, each field's
// message and the outcome; the live form starts from them when it takes over.
import { createContext, useContext } from 'react';
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import type { LeadFormPost } from '@/domain/lead-form-post';
import { Notice } from '@/src/ui/notice';
import type { BindField } from './lead-form-fields';
import { FailureText } from './lead-form-failure';
import { validationText } from '../lead-form/lead-form-errors';
import type { LeadFormField, LeadFormKind } from '../lead-form/lead-form-values';

export const PostedFormContext = createContext<LeadFormPost | null>(null);

/** The plain post this page answers, when it was this form's. */
export function usePostedForm(kind: LeadFormKind): LeadFormPost | null {
  const post = useContext(PostedFormContext);
  return post?.kind === kind ? post : null;
}

/** A posted field's message (the API's text), when the post was refused for it. */
export function postedError(post: LeadFormPost | null, field: LeadFormField): string | undefined {
  return post?.outcome.kind === 'invalid' && field !== 'nickname' ? post.outcome.fields[field] : undefined;
}

/** The static form's fields: empty, or after a post what was typed and each field's message in the page's language. */
export function staticBinding(post: LeadFormPost | null, i18n: I18n): BindField {
  return (field, render) => {
    const typed = post?.typed?.[field];
    if (typed === undefined) return render({});
    const error = validationText(i18n, postedError(post, field));
    return render(typeof typed === 'boolean' ? { defaultChecked: typed, error } : { defaultValue: typed, error });
  };
}

/** What became of a post, above the form's button: sent, or why not (a field's message is at its field). */
export function PostedFormNotice({ post }: { post: LeadFormPost | null }) {
  const outcome = post?.outcome;
  if (!post || !outcome || outcome.kind === 'invalid') return null;
  if (outcome.kind === 'sent')
    return (
      <Notice variant="positive">
        {post.kind === 'contact' ? <Trans>Contact requested!</Trans> : <Trans>Material requested successfully!</Trans>}
      </Notice>
    );
  return (
    <Notice variant="negative">
      <FailureText failure={outcome.kind === 'failed' ? outcome : { kind: 'rate-limited', retryAfterSeconds: outcome.retryAfterSeconds }} />
    </Notice>
  );
}
