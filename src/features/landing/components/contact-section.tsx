import { useCallback, useRef, useState, type ComponentType } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { isLocale } from '../../../../domain/locales';
import { LandingSection } from './landing-section';
import { LeadFormFields } from './lead-form-fields';
import type { LeadFormProps } from './lead-form';
import { loadLeadForm } from '../lead-form/load-lead-form';
import { readTypedValues } from '../lead-form/lead-form-values';
import { useNearViewport } from '../use-near-viewport';

const Panel = styled.div`
  max-width: 800px;
  padding: ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
`;



/**
 * The contact section. Its first render is the static form (same markup, no logic), which keeps the
 * page's first JS small; the live form replaces it when the section nears the viewport or someone
 * touches the form, carrying over what was typed and where the focus was.
 */
export function ContactSection() {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const panelRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const requested = useRef(false);
  const submitRequested = useRef(false);
  // The last control of the static form that had the focus (focus events are in step with the keyboard).
  const focusedId = useRef<string | undefined>(undefined);
  const [LiveForm, setLiveForm] = useState<ComponentType<LeadFormProps> | null>(null);

  const load = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    loadLeadForm().then(
      ({ LeadForm }) => setLiveForm(() => LeadForm),
      // A failed chunk load: the next interaction tries again.
      () => (requested.current = false),
    );
  }, []);

  useNearViewport(panelRef, load);

  return (
    <LandingSection
      id="contact"
      title={<Trans>Talk to a specialist</Trans>}
      intro={<Trans>Tell us about your store and we will get back to you within one business day.</Trans>}
    >
      <Panel
        ref={panelRef}
        onFocus={(event) => {
          focusedId.current = event.target.id || undefined;
          load();
        }}
        onPointerDown={load}
      >
        {LiveForm ? (
          // Read while the static form is still there: what was typed up to the moment of the swap.
          <LiveForm
            kind="contact"
            takeOver={{ values: () => readTypedValues(formRef.current), focusId: () => focusedId.current }}
            submitOnMount={submitRequested.current}
          />
        ) : (
          <LeadFormFields
            kind="contact"
            locale={locale}
            formRef={formRef}
            bind={(_, render) => render({})}
            onSubmit={(event) => {
              event.preventDefault();
              submitRequested.current = true;
              load();
            }}
          />
        )}
      </Panel>
    </LandingSection>
  );
}
