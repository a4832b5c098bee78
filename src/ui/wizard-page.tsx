// The page a wizard is (the AI base and inventory wizards, and the ones to come): its title over
// either a shell state that stands instead of the steps — the record loading, its load failed (with
// Try again), a dead end (with the way back) — or the steps: the stepper, the notices every wizard
// shows (unsaved changes brought back after a reload, the record saved elsewhere meanwhile, a save
// that got no answer), the step itself and the actions. The view says which from its machine's
// snapshot; the page decides nothing. `useStepHeadingFocus` takes the keyboard to a step's heading.
import { useEffect, useRef, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { PageFrame } from './page-frame';
import { Button } from './button';
import { Notice } from './notice';
import { Skeleton } from './skeleton';
import { Stepper } from './stepper';

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  max-width: 760px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  justify-content: flex-end;
`;

/** What stands instead of the steps. */
export type WizardShell =
  /** The record is being read: a skeleton, named for screen readers. */
  | { state: 'loading'; label: string }
  /** The read got no answer: what could not be loaded, and Try again. */
  | { state: 'loadFailed'; message: ReactNode; onRetry: () => void }
  /** No way on (the record does not exist, the plan's limit): why, and the way back (a link). */
  | { state: 'deadEnd'; message: ReactNode; back: ReactNode };

export type WizardPageProps = {
  title: ReactNode;
  /** Given, it is all the page shows below the title. */
  shell?: WizardShell | null;
  /** The steps' names, the one shown, and the list's name for screen readers. */
  stepper?: { label: string; steps: ReactNode[]; current: number };
  /** An unsaved draft was brought back: the notice, until dismissed. */
  restored?: { onDismiss: () => void } | false | null;
  /** Another tab saved the record first: what was saved (the notice's title), and Reload. */
  conflict?: { title: ReactNode; onReload: () => void } | false | null;
  /** A save got no answer: the notice ('Your changes could not be saved.' unless titled), and Try again. */
  failed?: { title?: ReactNode; onRetry: () => void; retryDisabled?: boolean } | false | null;
  /** The step's buttons, below it. */
  actions?: ReactNode;
  /** The step shown. */
  children?: ReactNode;
};

export function WizardPage({ title, shell, stepper, restored, conflict, failed, actions, children }: WizardPageProps) {
  if (shell) return <PageFrame title={title}>{shellContent(shell)}</PageFrame>;
  return (
    <PageFrame title={title}>
      <Body>
        {stepper && <Stepper label={stepper.label} current={stepper.current} steps={stepper.steps.map((label) => ({ label }))} />}
        {restored && (
          <Notice variant="info" onDismiss={restored.onDismiss}>
            <Trans>We restored the changes you had not saved yet.</Trans>
          </Notice>
        )}
        {conflict && (
          <Notice variant="warning" title={conflict.title}>
            <Trans>Reload it to see the latest version; your unsaved changes are kept and shown on top.</Trans>{' '}
            <Button variant="secondary" onClick={conflict.onReload}>
              <Trans>Reload</Trans>
            </Button>
          </Notice>
        )}
        {failed && (
          <Notice variant="negative" title={failed.title ?? <Trans>Your changes could not be saved.</Trans>}>
            <Button variant="secondary" disabled={failed.retryDisabled} onClick={failed.onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </Notice>
        )}
        {children}
        {actions && <Actions>{actions}</Actions>}
      </Body>
    </PageFrame>
  );
}

function shellContent(shell: WizardShell): ReactNode {
  switch (shell.state) {
    case 'loading':
      return <Skeleton block lines={6} label={shell.label} />;
    case 'loadFailed':
      return (
        <Notice variant="negative" title={shell.message}>
          <Button onClick={shell.onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Notice>
      );
    case 'deadEnd':
      return (
        <Notice variant="warning" title={shell.message}>
          {shell.back}
        </Notice>
      );
  }
}

/** The ref for the shown step's heading (StepSection's `headingRef`): a new step takes the keyboard to it. */
export function useStepHeadingFocus(step: string | undefined) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (step) headingRef.current?.focus();
  }, [step]);
  return headingRef;
}
