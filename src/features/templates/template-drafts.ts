// The template editor's unsaved drafts (src/drafts/keyed-draft-store.ts), one store per number: a
// new template's draft (the store's "new" record) is kept as it is typed, so a reload or a lost
// connection loses nothing, and forgotten once Meta has the template. Read back with the shape of
// templateDraftSchema without its rules: a draft being typed usually breaks some of them.
import * as z from 'zod/mini';
import { templateDraftSchema, type TemplateDraft } from '@/domain/message-template';
import { keyedDraftStore } from '@/src/drafts/keyed-draft-store';

export const storedTemplateDraftSchema = z.strictObject(templateDraftSchema.shape) satisfies z.ZodMiniType<TemplateDraft>;

export const templateDraftStore = (channelId: string, storage?: () => Storage) =>
  keyedDraftStore<TemplateDraft>(
    { prefix: `catalyst.template-draft.${channelId}`, what: 'template', schema: storedTemplateDraftSchema },
    storage,
  );
