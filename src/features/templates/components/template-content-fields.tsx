// One language of a template in the editor: its header (none, a line of text, or an image's
// address), its message with the hint on named variables, its footer, its buttons, and an example
// of every variable its texts use (templateVariables), which Meta reviews and the preview shows.
import { useId, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { COUPON_CODE_VARIABLE, templateVariables, type TemplateContent, type TemplateHeader } from '@/domain/message-template';
import type { TemplateEditorEvent } from '@/machines/template-editor';
import { FieldHint } from '@/src/ui/field-styles';
import { RadioGroup } from '@/src/ui/radio-group';
import { TextArea } from '@/src/ui/text-area';
import { TextField } from '@/src/ui/text-field';
import { TemplateButtonFields } from './template-button-fields';
import { Group, GroupLegend } from './template-form-styles';

type Props = {
  /** The language's path in the draft's issues: `languages.pt_BR`. */
  at: string;
  content: TemplateContent;
  errorOf: (field: string) => ReactNode | undefined;
  disabled: boolean;
  send: (event: TemplateEditorEvent) => void;
};

const headerTypes = ['none', 'text', 'image'] as const;

/** A header of another kind, empty. */
const headerOf = (type: TemplateHeader['type']): TemplateHeader =>
  type === 'text' ? { type, text: '' } : type === 'image' ? { type, url: '' } : { type: 'none' };

export function TemplateContentFields({ at, content, errorOf, disabled, send }: Props) {
  const examplesId = useId();
  const { header } = content;
  const variables = templateVariables(content);
  const firstName = '{{first_name}}';
  return (
    <>
      <RadioGroup
        legend={<Trans>Header</Trans>}
        value={header.type}
        disabled={disabled}
        error={errorOf(`${at}.header`)}
        options={headerTypes.map((type) => ({
          value: type,
          label: { none: <Trans>No header</Trans>, text: <Trans>Text</Trans>, image: <Trans>Image</Trans> }[type],
        }))}
        onChange={(value) => {
          if (value !== header.type) send({ type: 'SET_HEADER', header: headerOf(value as TemplateHeader['type']) });
        }}
      />
      {header.type === 'text' && (
        <TextField
          label={<Trans>Header text</Trans>}
          hint={<Trans>One line in bold above the message, up to 60 characters, with one variable at most.</Trans>}
          value={header.text}
          required
          disabled={disabled}
          error={errorOf(`${at}.header.text`)}
          onChange={(event) => send({ type: 'SET_HEADER', header: { type: 'text', text: event.target.value } })}
        />
      )}
      {header.type === 'image' && (
        <TextField
          type="url"
          inputMode="url"
          label={<Trans>Image address</Trans>}
          hint={<Trans>The address of a JPEG or PNG image, starting with https://. Meta reviews the template with it.</Trans>}
          value={header.url}
          required
          disabled={disabled}
          error={errorOf(`${at}.header.url`)}
          onChange={(event) => send({ type: 'SET_HEADER', header: { type: 'image', url: event.target.value } })}
        />
      )}
      <TextArea
        label={<Trans>Message</Trans>}
        hint={
          <Trans>
            Up to 1,024 characters. Write a variable as a name between double braces, like {firstName}: each message fills it with that
            shopper’s details. Use lowercase letters, digits and underscores, and write some words around each variable.
          </Trans>
        }
        value={content.body}
        rows={8}
        required
        disabled={disabled}
        error={errorOf(`${at}.body`)}
        onChange={(event) => send({ type: 'SET_BODY', body: event.target.value })}
      />
      <TextField
        label={<Trans>Footer</Trans>}
        hint={<Trans>Optional: one line in grey under the message, up to 60 characters, without variables.</Trans>}
        value={content.footer}
        disabled={disabled}
        error={errorOf(`${at}.footer`)}
        onChange={(event) => send({ type: 'SET_FOOTER', footer: event.target.value })}
      />
      <TemplateButtonFields
        at={at}
        buttons={content.buttons}
        errorOf={errorOf}
        disabled={disabled}
        onAdd={(button) => send({ type: 'ADD_BUTTON', button })}
        onChange={(index, button) => send({ type: 'SET_BUTTON', index, button })}
        onRemove={(index) => send({ type: 'REMOVE_BUTTON', index })}
      />
      {variables.length > 0 && (
        <Group aria-describedby={`${examplesId}-hint`}>
          <GroupLegend>
            <Trans>Examples for Meta’s review</Trans>
          </GroupLegend>
          <FieldHint id={`${examplesId}-hint`}>
            <Trans>Meta reviews the template filled with these values, and the preview shows them. Use realistic ones.</Trans>
          </FieldHint>
          {variables.map((name) => {
            const placeholder = `{{${name}}}`;
            return (
              <TextField
                key={name}
                label={<Trans>Example of {placeholder}</Trans>}
                hint={name === COUPON_CODE_VARIABLE ? <Trans>The discount code the button copies, up to 15 characters.</Trans> : undefined}
                value={content.examples[name] ?? ''}
                required
                disabled={disabled}
                error={errorOf(`${at}.examples.${name}`)}
                onChange={(event) => send({ type: 'SET_EXAMPLE', variable: name, value: event.target.value })}
              />
            );
          })}
        </Group>
      )}
    </>
  );
}
