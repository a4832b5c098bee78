// The editor's form: the template's name (fixed once Meta has it) and category, then its languages as
// tabs — one shown at a time, added and removed here — each with its header, message, footer,
// buttons and examples, and beside them the live preview of the language shown. Each error sits at
// its field in the page's language; one in another language is said above the tabs, with a way there.
import { useId, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import {
  draftCategories,
  templateDraftIssues,
  templateLanguages,
  type DraftCategory,
  type TemplateDraft,
  type TemplateLanguage,
} from '@/domain/message-template';
import { emptyContent, type TemplateEditorEvent } from '@/machines/template-editor';
import { Button } from '@/src/ui/button';
import { FieldError, FieldHint } from '@/src/ui/field-styles';
import { scriptFocusTarget } from '@/src/ui/focus-ring';
import { Notice } from '@/src/ui/notice';
import { Select } from '@/src/ui/select';
import { Tabs } from '@/src/ui/tabs';
import { TextField } from '@/src/ui/text-field';
import { VisuallyHidden } from '@/src/ui/visually-hidden';
import { templateCategoryNames, templateLanguageNames } from '../template-messages';
import { TemplateContentFields } from './template-content-fields';
import { Group, GroupLegend } from './template-form-styles';
import { TemplatePreview } from './template-preview';

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  align-items: start;

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    grid-template-columns: minmax(0, 3fr) minmax(280px, 2fr);
  }
`;

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
`;

const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

// The preview stays in sight while a long message is written.
const Aside = styled.div`
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    position: sticky;
    top: ${({ theme }) => theme.space(4)};
  }
`;

// Where the editor takes the keyboard after a refused submit when no field shown is in error.
const Problem = styled.div`
  ${scriptFocusTarget}
`;

const Marker = styled.span`
  margin-inline-start: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.colors.negative};
`;

type Props = {
  draft: TemplateDraft;
  /** The language shown. */
  language: TemplateLanguage;
  /** Meta has the template: its name cannot change. */
  named: boolean;
  /** Field paths with an error shown. */
  errorFields: readonly string[];
  errorOf: (field: string) => ReactNode | undefined;
  disabled: boolean;
  send: (event: TemplateEditorEvent) => void;
};

/** The paths a language's fields show their errors at (its examples' by name). */
const LANGUAGE_FIELD =
  /^languages\.([a-zA-Z_]+)(?:\.(?:header(?:\.(?:text|url))?|body|footer|buttons(?:\.\d+(?:\.(?:text|url|phoneNumber))?)?|examples\.[a-z0-9_]+))?$/;

/** The errors no field of the form shows (a path of a newer server's): said above the form. */
export function unplacedErrors(draft: TemplateDraft, fields: readonly string[]): string[] {
  return fields.filter((field) => {
    if (field === 'name' || field === 'category' || field === 'languages') return false;
    const language = LANGUAGE_FIELD.exec(field)?.[1];
    return !(language && draft.languages[language as TemplateLanguage]);
  });
}

export function TemplateForm({ draft, language, named, errorFields, errorOf, disabled, send }: Props) {
  const { t, i18n } = useLingui();
  const languagesId = useId();
  const present = templateLanguages.filter((other) => draft.languages[other] !== undefined);
  const absent = templateLanguages.filter((other) => draft.languages[other] === undefined);
  const withErrors = (other: TemplateLanguage) => errorFields.some((field) => field.startsWith(`languages.${other}`));
  const elsewhere = present.filter((other) => other !== language && withErrors(other));
  const content = draft.languages[language] ?? emptyContent;
  const at = `languages.${language}`;
  const languageName = (other: TemplateLanguage) => i18n._(templateLanguageNames[other]);
  const languagesError = errorOf('languages');
  const shownName = languageName(language);
  // The image is loaded only once its address breaks no rule (not at every key typed before).
  const imageUsable = content.header.type === 'image' && !templateDraftIssues(draft).some((issue) => issue.field === `${at}.header.url`);

  return (
    <Layout>
      <Fields>
        <TextField
          label={<Trans>Name</Trans>}
          hint={
            named ? (
              <Trans>Meta knows the template by this name: it cannot change.</Trans>
            ) : (
              <Trans>Lowercase letters, digits and underscores, like order_confirmation. Shoppers never see it.</Trans>
            )
          }
          value={draft.name}
          readOnly={named}
          required
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          error={errorOf('name')}
          onChange={(event) => send({ type: 'SET_NAME', name: event.target.value })}
        />
        <Select
          label={<Trans>Category</Trans>}
          hint={
            <Trans>
              Utility: about an order or an account the shopper already has (confirmation, shipping). Marketing: everything else (offers,
              reminders, news). Meta charges and limits each differently.
            </Trans>
          }
          value={draft.category}
          required
          disabled={disabled}
          error={errorOf('category')}
          options={draftCategories.map((category) => ({ value: category, label: i18n._(templateCategoryNames[category]) }))}
          onChange={(event) => send({ type: 'SET_CATEGORY', category: event.target.value as DraftCategory })}
        />
        <Group aria-describedby={`${languagesId}-hint${languagesError ? ` ${languagesId}-error` : ''}`}>
          <GroupLegend>
            <Trans>Languages</Trans>
          </GroupLegend>
          <FieldHint id={`${languagesId}-hint`}>
            <Trans>Meta reviews each language on its own. Shoppers get the one of their language.</Trans>
          </FieldHint>
          {languagesError && <FieldError id={`${languagesId}-error`}>{languagesError}</FieldError>}
          {elsewhere.length > 0 && (
            <Problem tabIndex={-1} data-form-problem>
              <Notice variant="warning" title={<Trans>Other languages have errors too</Trans>}>
                <Row>
                  {elsewhere.map((other) => {
                    const name = languageName(other);
                    return (
                      <Button key={other} variant="secondary" size="sm" onClick={() => send({ type: 'SHOW_LANGUAGE', language: other })}>
                        <Trans>Show {name}</Trans>
                      </Button>
                    );
                  })}
                </Row>
              </Notice>
            </Problem>
          )}
          <Tabs
            label={t`Languages of the template`}
            selectedId={language}
            onChange={(id) => send({ type: 'SHOW_LANGUAGE', language: id as TemplateLanguage })}
            tabs={present.map((other) => ({
              id: other,
              label: (
                <>
                  {languageName(other)}
                  {withErrors(other) && (
                    <Marker>
                      <span aria-hidden="true">!</span>
                      <VisuallyHidden>{t`(has errors)`}</VisuallyHidden>
                    </Marker>
                  )}
                </>
              ),
              // The machine edits the language shown: only its fields are drawn.
              content:
                other === language ? (
                  <Panel>
                    {errorOf(at) && <FieldError>{errorOf(at)}</FieldError>}
                    <TemplateContentFields at={at} content={content} errorOf={errorOf} disabled={disabled} send={send} />
                    {present.length > 1 && (
                      <Row>
                        <Button variant="ghost" disabled={disabled} onClick={() => send({ type: 'REMOVE_LANGUAGE', language })}>
                          <Trans>Remove {shownName}</Trans>
                        </Button>
                      </Row>
                    )}
                  </Panel>
                ) : null,
            }))}
          />
          {absent.length > 0 && (
            <Row>
              {absent.map((other) => {
                const name = languageName(other);
                return (
                  <Button
                    key={other}
                    variant="secondary"
                    size="sm"
                    disabled={disabled}
                    onClick={() => send({ type: 'ADD_LANGUAGE', language: other })}
                  >
                    <Trans>Add {name}</Trans>
                  </Button>
                );
              })}
            </Row>
          )}
        </Group>
      </Fields>
      <Aside>
        <TemplatePreview content={content} imageUsable={imageUsable} caption={<Trans>Preview in {shownName}</Trans>} />
      </Aside>
    </Layout>
  );
}
