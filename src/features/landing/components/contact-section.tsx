import { useCallback, useRef, useState, type ComponentType } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { isLocale } from '../../../../domain/locales';
import { LandingSection, SectionIntro, SectionTitle } from './landing-section';
import { LeadFormFields } from './lead-form-fields';
import type { LeadFormProps } from './lead-form';
import { loadLeadForm } from '../lead-form/load-lead-form';
import { readTypedValues, type LeadFormValues } from '../lead-form/lead-form-values';
import { useNearViewport } from '../use-near-viewport';

const Panel = styled.div`
  max-width: 800px;
  padding: ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
`;

type Live = { LeadForm: ComponentType<LeadFormProps>; initialValues: Partial<LeadFormValues>; focusId?: string; submit: boolean };

/**
 * The contact section. Its first render is the static form (same markup, no logic), which keeps the
 * page's first JS small; the live form replaces it when the section nears the viewport or someone
 * touches the form, carrying over what was typed and where the focus was.
 */
export function ContactSection() {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const sectionRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const requested = useRef(false);
  const submitRequested = useRef(false);
  const [live, setLive] = useState<Live | null>(null);

  const load = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    loadLeadForm().then(
      ({ LeadForm }) => {
        const active = document.activeElement;
        const focusId = active instanceof HTMLElement && formRef.current?.contains(active) ? active.id : undefined;
        setLive({ LeadForm, initialValues: readTypedValues(formRef.current), focusId, submit: submitRequested.current });
      },
      // A failed chunk load: the next interaction tries again.
      () => (requested.current = false),
    );
  }, []);

  useNearViewport(sectionRef, load);

  return (
    <LandingSection id="contact">
      <SectionTitle id="contact-title">
        <Trans>Talk to a specialist</Trans>
      </SectionTitle>
      <SectionIntro>
        <Trans>Tell us about your store and we will get back to you within one business day.</Trans>
      </SectionIntro>
      <Panel ref={sectionRef} onFocus={load} onPointerDown={load}>
        {live ? (
          <live.LeadForm kind="contact" initialValues={live.initialValues} focusId={live.focusId} submitOnMount={live.submit} />
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
