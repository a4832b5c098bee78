// The buttons of one language of a template, under its message: each with its kind, its text and
// (a link) its address or (a call) its number; a copy-code button has neither, WhatsApp writes its
// text and the code is the `coupon_code` example. Buttons are added by kind and removed one by one.
import { useId, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { COUPON_CODE_VARIABLE, urlSuffixVariable, type TemplateButton } from '@/domain/message-template';
import { Button } from '@/src/ui/button';
import { FieldError, FieldHint } from '@/src/ui/field-styles';
import { TextField } from '@/src/ui/text-field';
import { buttonTypeNames } from '../template-messages';
import { Group, GroupLegend } from './template-form-styles';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Item = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const ItemHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const ItemTitle = styled.h4`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.md};
`;

const AddRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

type Props = {
  /** The language's path in the draft's issues: `languages.pt_BR`. */
  at: string;
  buttons: readonly TemplateButton[];
  errorOf: (field: string) => ReactNode | undefined;
  disabled: boolean;
  onAdd: (button: TemplateButton) => void;
  onChange: (index: number, button: TemplateButton) => void;
  onRemove: (index: number) => void;
};

export function TemplateButtonFields({ at, buttons, errorOf, disabled, onAdd, onChange, onRemove }: Props) {
  const { t, i18n } = useLingui();
  const baseId = useId();
  const groupError = errorOf(`${at}.buttons`);
  const couponCode = `{{${COUPON_CODE_VARIABLE}}}`;
  // A link's number among the link buttons names the variable its address may end with.
  let links = 0;
  return (
    <Group aria-describedby={groupError ? `${baseId}-error` : undefined}>
      <GroupLegend>
        <Trans>Buttons</Trans>
      </GroupLegend>
      <FieldHint>
        <Trans>Optional. Quick replies answer with their text; a link opens an address; a copy-code button copies a discount code.</Trans>
      </FieldHint>
      {groupError && <FieldError id={`${baseId}-error`}>{groupError}</FieldError>}
      {buttons.length > 0 && (
        <List>
          {buttons.map((button, index) => {
            const field = `${at}.buttons.${index}`;
            const kind = i18n._(buttonTypeNames[button.type]);
            const number = index + 1;
            const rowError = errorOf(field);
            const suffix = button.type === 'url' ? `{{${urlSuffixVariable(++links)}}}` : '';
            const titleId = `${baseId}-button-${index}`;
            return (
              <li key={index}>
                <Item role="group" aria-labelledby={titleId} aria-describedby={rowError ? `${titleId}-error` : undefined}>
                  <ItemHead>
                    <ItemTitle id={titleId}>
                      <Trans>
                        Button {number}: {kind}
                      </Trans>
                    </ItemTitle>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={disabled}
                      onClick={() => onRemove(index)}
                      aria-label={t`Remove button ${number}`}
                    >
                      <Trans>Remove</Trans>
                    </Button>
                  </ItemHead>
                  {rowError && <FieldError id={`${titleId}-error`}>{rowError}</FieldError>}
                  {button.type === 'copy_code' && (
                    <FieldHint>
                      <Trans>WhatsApp writes this button’s text. It copies the value of {couponCode}: give its example below.</Trans>
                    </FieldHint>
                  )}
                  {button.type !== 'copy_code' && (
                    <TextField
                      label={<Trans>Button text</Trans>}
                      hint={<Trans>Up to 25 characters.</Trans>}
                      value={button.text}
                      maxLength={100}
                      required
                      disabled={disabled}
                      error={errorOf(`${field}.text`)}
                      onChange={(event) => onChange(index, { ...button, text: event.target.value })}
                    />
                  )}
                  {button.type === 'url' && (
                    <TextField
                      type="url"
                      inputMode="url"
                      label={<Trans>Link address</Trans>}
                      hint={
                        <Trans>
                          A full address, like https://your-store.com/orders. To end it with a value of each message, finish it with{' '}
                          {suffix}.
                        </Trans>
                      }
                      value={button.url}
                      required
                      disabled={disabled}
                      error={errorOf(`${field}.url`)}
                      onChange={(event) => onChange(index, { ...button, url: event.target.value })}
                    />
                  )}
                  {button.type === 'phone_number' && (
                    <TextField
                      type="tel"
                      label={<Trans>Phone number</Trans>}
                      hint={<Trans>With the country code, like +5511912345678.</Trans>}
                      value={button.phoneNumber}
                      required
                      disabled={disabled}
                      error={errorOf(`${field}.phoneNumber`)}
                      onChange={(event) => onChange(index, { ...button, phoneNumber: event.target.value })}
                    />
                  )}
                </Item>
              </li>
            );
          })}
        </List>
      )}
      <AddRow>
        <Button variant="secondary" size="sm" disabled={disabled} onClick={() => onAdd({ type: 'quick_reply', text: '' })}>
          <Trans>Add a quick reply</Trans>
        </Button>
        <Button variant="secondary" size="sm" disabled={disabled} onClick={() => onAdd({ type: 'url', text: '', url: '' })}>
          <Trans>Add a link button</Trans>
        </Button>
        <Button variant="secondary" size="sm" disabled={disabled} onClick={() => onAdd({ type: 'copy_code' })}>
          <Trans>Add a copy-code button</Trans>
        </Button>
      </AddRow>
    </Group>
  );
}
