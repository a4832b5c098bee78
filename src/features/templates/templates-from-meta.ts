// What a number's list of templates holds from Meta, for the line under the number on /templates.
// Meta's word reaches Catalyst two ways: a full read of the number's templates ('Refresh': the
// account's refreshedAt), and one template at a time — the answer to a submission, a review's
// webhook, a check of one still in review (each record's updatedAt). A number whose templates were
// submitted here and approved by Meta was never refreshed, yet its list is Meta's word: it says when
// that word last came, never 'not read from Meta yet'.
import type { TemplateAccount } from '@/domain/message-template';

/** `read`: the last full read is the newest word; `updated`: a template's word came after it (or with none); null: nothing from Meta yet. */
export type TemplatesFromMeta = { kind: 'read' | 'updated'; at: string } | null;

export function templatesFromMeta(account: Pick<TemplateAccount, 'refreshedAt' | 'templates'>): TemplatesFromMeta {
  let latest: string | null = null;
  for (const record of account.templates)
    if (latest === null || Date.parse(record.updatedAt) > Date.parse(latest)) latest = record.updatedAt;
  // A full read writes its templates just before it records itself: they are its own, not newer.
  if (latest !== null && (account.refreshedAt === null || Date.parse(latest) > Date.parse(account.refreshedAt)))
    return { kind: 'updated', at: latest };
  return account.refreshedAt === null ? null : { kind: 'read', at: account.refreshedAt };
}
