// The landing page's contact and material requests. Public input, so each request is stored
// once however often it is sent: a repeat of the same answers counts up on the first row.
import { createHash } from 'node:crypto';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { LeadRequestInput, LeadRequestKind, LeadRequestRecord } from '@/domain/lead-requests';
import type { Db } from '../db/database';
import { leadRequests } from './lead-request-tables';

export type StoredLeadRequest = { id: string; repeated: boolean };
export type LeadRequestFilter = { kind?: LeadRequestKind | undefined; since?: Date | undefined };

/**
 * What makes two requests "the same": every answer the person gave, the email case-insensitively.
 * The page's language and the honeypot are not answers.
 */
export function leadRequestFingerprint(kind: LeadRequestKind, input: LeadRequestInput): string {
  const answers = [
    kind,
    input.name,
    input.email.toLowerCase(),
    input.phone,
    input.position,
    input.segment ?? '',
    input.website,
    input.platform,
    input.privacyConsent,
    input.whatsappConsent,
  ];
  return createHash('sha256').update(JSON.stringify(answers)).digest('hex');
}

export function leadRequestStore(db: Db) {
  return {
    async save(kind: LeadRequestKind, input: LeadRequestInput, now = new Date()): Promise<StoredLeadRequest> {
      // `xmax = 0` only on a freshly inserted row: PostgreSQL's way to tell insert from update in one statement.
      const [row] = await db
        .insert(leadRequests)
        .values({
          kind,
          name: input.name,
          email: input.email,
          phone: input.phone,
          position: input.position,
          segment: input.segment ?? null,
          website: input.website,
          platform: input.platform,
          privacyConsent: input.privacyConsent,
          whatsappConsent: input.whatsappConsent,
          locale: input.locale,
          fingerprint: leadRequestFingerprint(kind, input),
          createdAt: now,
          lastSubmittedAt: now,
        })
        .onConflictDoUpdate({
          target: [leadRequests.kind, leadRequests.fingerprint],
          set: { submissions: sql`${leadRequests.submissions} + 1`, lastSubmittedAt: now },
        })
        .returning({ id: leadRequests.id, inserted: sql<boolean>`(xmax = 0)` });
      return { id: row!.id, repeated: !row!.inserted };
    },

    /** Oldest first, as a list to work through. */
    async list({ kind, since }: LeadRequestFilter = {}): Promise<LeadRequestRecord[]> {
      const conditions = [kind ? eq(leadRequests.kind, kind) : undefined, since ? gte(leadRequests.createdAt, since) : undefined];
      const rows = await db
        .select()
        .from(leadRequests)
        .where(and(...conditions))
        .orderBy(asc(leadRequests.createdAt), asc(leadRequests.id));
      return rows.map(({ fingerprint: _fingerprint, createdAt, lastSubmittedAt, ...row }) => ({
        ...row,
        createdAt: createdAt.toISOString(),
        lastSubmittedAt: lastSubmittedAt.toISOString(),
      }));
    },
  };
}

export type LeadRequestStore = ReturnType<typeof leadRequestStore>;
