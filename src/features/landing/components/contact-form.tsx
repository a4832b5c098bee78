import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { isLocale } from '@/domain/locales';
import { LeadFormFields } from './lead-form-fields';
import type { LeadFormProps } from './lead-form';
import { loadLeadForm } from '../lead-form/load-lead-form';
import { readTypedValues } from '../lead-form/lead-form-values';
import { useNearViewport } from '../use-near-viewport';
import { PostedFormNotice, staticBinding, usePostedForm } from './posted-form';

const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 800px;
  padding: ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
`;

/**
 * The contact form (an island of the landing: src/entry-landing.tsx hydrates it). Its first render
 * is the static form (same markup, no logic), which keeps the page's first JS small; the live form
 * replaces it when the section nears the viewport or someone touches the form, carrying over what
 * was typed and where the focus was. Before any JavaScript runs (or without it) the static form
 * posts to the landing, which answers with the outcome (posted-form.tsx).
 */
export function ContactForm() {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const panelRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const requested = useRef(false);
  const submitRequested = useRef(false);
  // The static form's send button is held down: if the live form takes its place before the release,
  // the click lands on neither button (its press and release hit different elements), so the swap sends.
  const sendPressed = useRef(false);
  // The last control of the static form that had the focus (focus events are in step with the keyboard).
  const focusedId = useRef<string | undefined>(undefined);
  const [LiveForm, setLiveForm] = useState<ComponentType<LeadFormProps> | null>(null);
  const post = usePostedForm('contact');

  const load = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    loadLeadForm().then(
      ({ LeadForm }) => setLiveForm(() => LeadForm),
      (error: unknown) => {
        requested.current = false;
        console.error('The live contact form could not load', error);
        // Pressed to send: the static form goes as it goes without JavaScript (the server answers with the outcome).
        if (submitRequested.current && formRef.current) HTMLFormElement.prototype.submit.call(formRef.current);
      },
    );
  }, []);

  useNearViewport(panelRef, load);
  useEffect(() => {
    const release = () => void (sendPressed.current = false);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    return () => {
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
    };
  }, []);
  // A control focused before the page was live (no focus event reached React then).
  useEffect(() => {
    const focused = document.activeElement;
    if (focused && focused !== panelRef.current && panelRef.current?.contains(focused)) focusedId.current = focused.id || undefined;
  }, []);

  return (
    <Panel
      ref={panelRef}
      onFocus={(event) => {
        focusedId.current = event.target.id || undefined;
        load();
      }}
      onPointerDown={(event) => {
        const target = event.target instanceof Element ? event.target : null;
        if (!LiveForm && target?.closest('button[type="submit"]')) sendPressed.current = true;
        load();
      }}
    >
      <PostedFormNotice post={post} />
      {LiveForm ? (
        // Read while the static form is still there: what was typed up to the moment of the swap.
        <LiveForm
          kind="contact"
          takeOver={{ values: () => readTypedValues(formRef.current), focusId: () => focusedId.current }}
          submitOnMount={submitRequested.current || sendPressed.current}
        />
      ) : (
        <LeadFormFields
          kind="contact"
          locale={locale}
          formRef={formRef}
          bind={staticBinding(post, i18n)}
          onSubmit={(event) => {
            event.preventDefault();
            submitRequested.current = true;
            load();
          }}
        />
      )}
    </Panel>
  );
}
