// A contact's tags on its page: each with a button that removes it, and a field that adds one or more
// (separated by commas), suggesting the account's tags (GET /contacts/tags) as the merchant types. Each
// change saves the whole set (PATCH /contacts/:id), checked first with the API's own schema
// (contactTagsSchema); a tag refused is said at the field, a failed save above it.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { Contact } from '@/domain/contact';
import { contactTagsSchema, contactTagValidation, mergedTags, splitContactTags } from '@/domain/contact-tags';
import { useRead } from '@/src/api/use-read';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { Notice } from '@/src/ui/notice';
import { TagList } from '@/src/ui/tag-list';
import { TextField } from '@/src/ui/text-field';
import { contactFailureOf } from '../api/contact-failure';
import { contactTagsApi } from '../api/contact-tags-api';
import { contactUpdateApi } from '../api/contact-update-api';
import { useContactFieldError } from '../contact-messages';

const AddForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  & > :first-child {
    flex: 1 1 14rem;
  }
  & > button {
    margin-top: ${({ theme }) => theme.space(6)};
  }
`;

const None = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

type Props = { contact: Contact; onChanged: (contact: Contact) => void };

export function ContactTagsEditor({ contact, onChanged }: Props) {
  const { t } = useLingui();
  const { api } = useRouter().options.context;
  const suggestions = useRead((signal) => contactTagsApi(api).list(signal));
  const [text, setText] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const listId = useId();
  const errorOf = useContactFieldError(refused ? { tags: refused } : {});

  /** Saves the whole set; true once the API has it. */
  const save = async (tags: string[]): Promise<boolean> => {
    const checked = contactTagsSchema.safeParse(tags);
    if (!checked.success) {
      setRefused(checked.error.issues[0]?.message ?? contactTagValidation.invalid.id);
      return false;
    }
    setSaving(true);
    setFailed(false);
    setRefused(null);
    try {
      onChanged(await contactUpdateApi(api).update(contact.id, { tags: checked.data }));
      return true;
    } catch (error) {
      const failure = contactFailureOf(error);
      const atField = failure.kind === 'invalid' ? Object.values(failure.fields ?? {})[0] : undefined;
      if (atField) setRefused(atField);
      else setFailed(true);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = splitContactTags(text);
    if (typed.length === 0) {
      setRefused(contactTagValidation.empty.id);
      field.current?.focus();
      return;
    }
    if (await save(mergedTags(contact.tags, typed))) setText('');
    field.current?.focus();
  };

  const remove = async (tag: string) => {
    await save(contact.tags.filter((each) => each !== tag));
    // The button is gone with its tag: the field takes the keyboard.
    field.current?.focus();
  };

  const offered = suggestions.status === 'done' ? suggestions.value.filter(({ tag }) => !contact.tags.includes(tag)) : [];
  return (
    <Card
      title={<Trans>Tags</Trans>}
      description={<Trans>Your own labels for this shopper: filter the list and choose audiences by them.</Trans>}
    >
      {failed && (
        <Notice variant="negative" title={<Trans>The tags could not be saved. Try again.</Trans>} onDismiss={() => setFailed(false)} />
      )}
      <TagList
        label={t`Tags of this contact`}
        tags={contact.tags}
        empty={
          <None>
            <Trans>No tags yet.</Trans>
          </None>
        }
        disabled={saving}
        onRemove={(tag) => void remove(tag)}
        removeLabel={(tag) => t`Remove the tag ${tag}`}
      />
      <AddForm noValidate onSubmit={(event) => void add(event)}>
        <TextField
          ref={field}
          label={t`Add tags`}
          hint={t`Separate tags with commas, such as vip, wholesale.`}
          value={text}
          maxLength={200}
          autoComplete="off"
          list={listId}
          error={errorOf('tags')}
          onChange={(event) => {
            setText(event.target.value);
            setRefused(null);
          }}
        />
        <datalist id={listId}>
          {offered.map(({ tag }) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
        <Button type="submit" variant="secondary" loading={saving}>
          <Trans>Add</Trans>
        </Button>
      </AddForm>
    </Card>
  );
}
