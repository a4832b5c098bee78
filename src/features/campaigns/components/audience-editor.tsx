// An audience made or changed inside the campaign wizard: its name and its rules — the contacts'
// languages, countries and tags (audience-tags-field.tsx), the list of one CSV import
// (audience-import-field.tsx), a recent order, a minimum spent, an open abandoned checkout, a recent talk
// with the AI base — with the live count beside them (asked a moment after the last change), or why
// the rules cannot be counted, at their fields.
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { AudienceRules } from '@/domain/audience';
import { locales, type Locale } from '@/domain/locales';
import type { AudienceCount as Count } from '@/domain/audience';
import type { AudienceEditor as Editor } from '@/machines/campaign-wizard';
import { Button } from '@/src/ui/button';
import { Checkbox } from '@/src/ui/checkbox';
import { Notice } from '@/src/ui/notice';
import { Skeleton } from '@/src/ui/skeleton';
import { TextField } from '@/src/ui/text-field';
import { AudienceCount } from './audience-count';
import { AudienceImportField } from './audience-import-field';
import { AudienceTagsField } from './audience-tags-field';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
`;

const Fieldset = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

/** A whole number typed, or null for an empty field. */
const wholeOrNull = (text: string): number | null => (text.trim() === '' ? null : Math.trunc(Number(text)));

type Props = {
  editor: Editor;
  count: Count | null;
  counting: boolean;
  countFailed: boolean;
  saving: boolean;
  failure: string | null;
  fieldError: (field: string) => string | undefined;
  onName: (name: string) => void;
  onRules: (rules: Partial<AudienceRules>) => void;
  onRetryCount: () => void;
  onSave: () => void;
  onCancel: () => void;
};

export function AudienceEditor(props: Props) {
  const { editor, count, counting, countFailed, saving, failure, fieldError } = props;
  const { t } = useLingui();
  const { rules } = editor;
  const languageNames: Record<Locale, string> = { en: t`English`, pt: t`Portuguese`, es: t`Spanish` };
  const spent = rules.minTotalSpentMinor === null ? '' : String(rules.minTotalSpentMinor / 100);
  return (
    <Form
      noValidate
      aria-label={editor.audienceId ? t`Change the audience` : t`New audience`}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave();
      }}
    >
      {failure === 'too_many' && (
        <Notice variant="negative">
          <Trans>You have reached the most audiences an account keeps: delete one first.</Trans>
        </Notice>
      )}
      {failure === 'unknown' && (
        <Notice variant="negative">
          <Trans>The audience could not be saved. Check your connection and try again.</Trans>
        </Notice>
      )}
      <TextField
        label={t`Audience name`}
        value={editor.name}
        maxLength={80}
        disabled={saving}
        error={fieldError('name')}
        onChange={(event) => props.onName(event.target.value)}
      />
      <Fieldset disabled={saving}>
        <legend>
          <Trans>Languages (none ticked: any)</Trans>
        </legend>
        {locales.map((locale) => (
          <Checkbox
            key={locale}
            label={languageNames[locale]}
            checked={rules.languages.includes(locale)}
            onChange={(event) =>
              props.onRules({
                languages: event.target.checked ? [...rules.languages, locale] : rules.languages.filter((each) => each !== locale),
              })
            }
          />
        ))}
      </Fieldset>
      <TextField
        label={t`Countries`}
        hint={t`Two-letter codes separated by commas, such as BR, PT; empty: any.`}
        defaultValue={rules.countries.join(', ')}
        disabled={saving}
        error={fieldError('countries')}
        onChange={(event) =>
          props.onRules({
            countries: event.target.value
              .split(/[\s,;]+/)
              .map((code) => code.trim().toUpperCase())
              .filter(Boolean),
          })
        }
      />
      <AudienceTagsField tags={rules.tags} disabled={saving} error={fieldError('tags')} onChange={(tags) => props.onRules({ tags })} />
      <AudienceImportField
        importId={rules.importId}
        disabled={saving}
        error={fieldError('importId')}
        onChange={(importId) => props.onRules({ importId })}
      />
      <Row>
        <TextField
          type="number"
          inputMode="numeric"
          label={t`Ordered within the last … days`}
          hint={t`Empty: whether they ordered or not.`}
          value={rules.orderedWithinDays ?? ''}
          disabled={saving}
          error={fieldError('orderedWithinDays')}
          onChange={(event) => props.onRules({ orderedWithinDays: wholeOrNull(event.target.value) })}
        />
        <TextField
          type="number"
          inputMode="decimal"
          label={t`Spent at least, in the store’s currency`}
          hint={t`Over all their orders; empty: any amount.`}
          value={spent}
          disabled={saving}
          error={fieldError('minTotalSpentMinor')}
          onChange={(event) =>
            props.onRules({
              minTotalSpentMinor: event.target.value.trim() === '' ? null : Math.round(Number(event.target.value) * 100),
            })
          }
        />
        <TextField
          type="number"
          inputMode="numeric"
          label={t`Talked to your AI base within the last … days`}
          hint={t`Empty: whether they wrote or not.`}
          value={rules.talkedWithinDays ?? ''}
          disabled={saving}
          error={fieldError('talkedWithinDays')}
          onChange={(event) => props.onRules({ talkedWithinDays: wholeOrNull(event.target.value) })}
        />
      </Row>
      <Checkbox
        label={t`Has an open abandoned checkout`}
        hint={t`Left a checkout in the last 30 days, neither completed nor recovered.`}
        checked={rules.openAbandonedCheckout}
        disabled={saving}
        onChange={(event) => props.onRules({ openAbandonedCheckout: event.target.checked })}
      />
      {counting && !count && <Skeleton lines={2} label={t`Counting the contacts`} />}
      {count && <AudienceCount count={count} busy={counting} />}
      {countFailed && (
        <Notice variant="negative" title={<Trans>The contacts could not be counted.</Trans>}>
          <Button variant="secondary" onClick={props.onRetryCount}>
            <Trans>Count again</Trans>
          </Button>
        </Notice>
      )}
      <Actions>
        <Button type="submit" loading={saving}>
          <Trans>Save the audience</Trans>
        </Button>
        <Button variant="ghost" disabled={saving} onClick={props.onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </Actions>
    </Form>
  );
}
