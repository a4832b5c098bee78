// The CSV import's form: the file (with its progress once sent), the country of numbers written
// without +, the language of rows that give none, tags for every contact of the file, the purposes
// the shoppers agreed to and — with a purpose — where, how and when they agreed. Drawn from the contact-import machine's context; every
// change is an event to it. Each error sits at its field in the page's language.
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { consentPurposes } from '@/domain/contact';
import { locales } from '@/domain/locales';
import type { ContactImportContext, ContactImportEvent, ContactImportValues } from '@/machines/contact-import';
import { useLang } from '@/src/i18n/use-lang';
import { Checkbox } from '@/src/ui/checkbox';
import { FileDropZone, type FileUploadItem } from '@/src/ui/file-drop-zone';
import { Select } from '@/src/ui/select';
import { TextArea } from '@/src/ui/text-area';
import { TextField } from '@/src/ui/text-field';
import { countryOptions } from '../contact-format';
import { consentPurposeHints, consentPurposeNames, contactLanguageNames, useContactFieldError } from '../contact-messages';

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  max-width: 40rem;
`;

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(1)};
    font-weight: 600;
  }
`;

type Props = {
  context: ContactImportContext;
  /** Sending or sent: the fields cannot change. */
  disabled: boolean;
  uploading: boolean;
  send: (event: ContactImportEvent) => void;
  /** Today (yyyy-mm-dd): the latest date of consent. */
  today: string;
};

export function ContactImportForm({ context, disabled, uploading, send, today }: Props) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const errorOf = useContactFieldError(context.fieldErrors);
  const { values, file } = context;
  const change = (next: Partial<ContactImportValues>) => send({ type: 'CHANGE', values: next });
  const files: FileUploadItem[] = file
    ? [{ name: file.name, progress: uploading ? context.progress : 0, status: uploading ? 'uploading' : 'queued' }]
    : [];
  return (
    <Fields>
      <FileDropZone
        label={t`CSV file`}
        accept=".csv,.txt,.tsv,text/csv"
        multiple={false}
        hint={t`A first row naming a phone column (phone, telefone, celular, whatsapp, teléfono), and name, language, country and tags columns if you have them (tags separated by commas or semicolons). Up to 50,000 rows and 10 MB.`}
        disabled={disabled}
        error={errorOf('file')}
        files={files}
        onFiles={([picked]) => picked && send({ type: 'PICK_FILE', file: picked })}
        // A file of another kind is taken too: the form then says what it takes.
        onReject={([picked]) => picked && send({ type: 'PICK_FILE', file: picked })}
      />
      <Select
        label={t`Country of numbers written without +`}
        options={countryOptions(lang)}
        value={values.defaultCountry}
        disabled={disabled}
        error={errorOf('defaultCountry')}
        onChange={(event) => change({ defaultCountry: event.target.value })}
      />
      <Select
        label={t`Language of rows without one`}
        placeholder={t`Each number's country's`}
        options={locales.map((locale) => ({ value: locale, label: i18n._(contactLanguageNames[locale]) }))}
        value={values.defaultLanguage}
        disabled={disabled}
        error={errorOf('defaultLanguage')}
        onChange={(event) => change({ defaultLanguage: event.target.value as ContactImportValues['defaultLanguage'] })}
      />
      <TextField
        label={t`Tag every imported contact with`}
        hint={t`Optional. Separate tags with commas, such as fair 2025, wholesale. Contacts already here keep their own tags too.`}
        value={values.tags}
        maxLength={1000}
        autoComplete="off"
        disabled={disabled}
        error={errorOf('tags')}
        onChange={(event) => change({ tags: event.target.value })}
      />
      <Group disabled={disabled}>
        <legend>
          <Trans>These shoppers agreed to receive</Trans>
        </legend>
        {consentPurposes.map((purpose) => (
          <Checkbox
            key={purpose}
            label={i18n._(consentPurposeNames[purpose])}
            hint={i18n._(consentPurposeHints[purpose])}
            checked={values.purposes.includes(purpose)}
            onChange={(event) =>
              change({
                purposes: event.target.checked ? [...values.purposes, purpose] : values.purposes.filter((other) => other !== purpose),
              })
            }
          />
        ))}
      </Group>
      {values.purposes.length === 0 ? (
        <p>
          <Trans>With no purpose ticked, the contacts are added without consent: no template goes to them until they agree.</Trans>
        </p>
      ) : (
        <>
          <TextArea
            label={t`Where and how they agreed`}
            hint={t`Kept with each contact's consent as its proof, like "Checkbox 'Send me order updates' at checkout on our website".`}
            rows={3}
            maxLength={500}
            required
            disabled={disabled}
            value={values.consentSource}
            error={errorOf('consentSource')}
            onChange={(event) => change({ consentSource: event.target.value })}
          />
          <TextField
            label={t`When they agreed`}
            hint={t`The date of the consent (the latest, if they agreed over time). Not in the future.`}
            type="date"
            max={today}
            required
            disabled={disabled}
            value={values.consentedAt}
            error={errorOf('consentedAt')}
            onChange={(event) => change({ consentedAt: event.target.value })}
          />
        </>
      )}
    </Fields>
  );
}
