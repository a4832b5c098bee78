// @vitest-environment happy-dom
// The page every wizard is (src/ui/wizard-page.tsx): a shell state instead of the steps (loading,
// not loaded with Try again, a dead end with the way back), or the steps with the notices every
// wizard shows, each sending what it is for; and a new step's heading taking the keyboard.
// English source messages, as Lingui shows them without a catalog.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StepSection } from '@/src/ui/step-section';
import { theme } from '@/src/ui/theme';
import { useStepHeadingFocus, WizardPage } from '@/src/ui/wizard-page';

const show = (page: ReactNode) =>
  render(
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>{page}</ThemeProvider>
    </I18nProvider>,
  );

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(cleanup);

describe('a wizard page in a shell state', () => {
  it('loading: the title and a skeleton named for screen readers, no step', () => {
    show(
      <WizardPage title="Widget" shell={{ state: 'loading', label: 'Loading the widget' }}>
        <p>the step</p>
      </WizardPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Widget' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading the widget');
    expect(screen.queryByText('the step')).toBeNull();
  });

  it('not loaded: why, and Try again', async () => {
    const onRetry = vi.fn();
    show(<WizardPage title="Widget" shell={{ state: 'loadFailed', message: 'The widget could not be loaded.', onRetry }} />);
    expect(screen.getByText('The widget could not be loaded.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('a dead end: why, and the way back it is given', () => {
    show(
      <WizardPage
        title="Widget"
        shell={{ state: 'deadEnd', message: 'This widget does not exist.', back: <a href="/en/widgets">Back</a> }}
      />,
    );
    expect(screen.getByText('This widget does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/en/widgets');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('a wizard page on its steps', () => {
  it('shows the stepper at the step, the step and its actions; no notice unless told', () => {
    show(
      <WizardPage
        title="Widget"
        stepper={{ label: 'Widget steps', steps: ['Look', 'Place', 'Publish'], current: 1 }}
        actions={<button>Save</button>}
      >
        <p>the step</p>
      </WizardPage>,
    );
    const stepper = screen.getByRole('list', { name: 'Widget steps' });
    expect(stepper.querySelector('[aria-current="step"]')?.textContent).toContain('Place');
    expect(screen.getByText('the step')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByText(/restored|another tab|could not be saved/)).toBeNull();
  });

  it('says unsaved changes were restored until dismissed, a save elsewhere with Reload, and a failed save with Try again', async () => {
    const onDismiss = vi.fn();
    const onReload = vi.fn();
    const onRetry = vi.fn();
    show(
      <WizardPage
        title="Widget"
        restored={{ onDismiss }}
        conflict={{ title: 'This widget was saved in another tab or window.', onReload }}
        failed={{ onRetry }}
      />,
    );
    expect(screen.getByText('We restored the changes you had not saved yet.')).toBeTruthy();
    expect(screen.getByText('This widget was saved in another tab or window.')).toBeTruthy();
    expect(screen.getByText('Your changes could not be saved.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect([onDismiss, onReload, onRetry].map((handler) => handler.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('titles a failure as told, and holds Try again while told to', () => {
    show(<WizardPage title="Widget" failed={{ title: 'The widget could not be created.', onRetry: () => {}, retryDisabled: true }} />);
    expect(screen.getByText('The widget could not be created.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Try again' }).disabled).toBe(true);
  });
});

describe('useStepHeadingFocus', () => {
  function Steps({ step }: { step: string }) {
    const headingRef = useStepHeadingFocus(step);
    return (
      <>
        <button>elsewhere</button>
        <StepSection headingRef={headingRef} title={`Step ${step}`}>
          <input aria-label="field" />
        </StepSection>
      </>
    );
  }

  it('takes the keyboard to the heading when a step opens, not on every render of the same step', async () => {
    const { rerender } = show(<Steps step="one" />);
    expect(document.activeElement?.textContent).toBe('Step one');
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    const again = (step: string) => (
      <I18nProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <Steps step={step} />
        </ThemeProvider>
      </I18nProvider>
    );
    rerender(again('one'));
    expect(document.activeElement?.textContent).toBe('elsewhere');
    rerender(again('two'));
    expect(document.activeElement?.textContent).toBe('Step two');
  });
});
