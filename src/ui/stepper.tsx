import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { VisuallyHidden } from './visually-hidden';

export type StepperStep = { label: ReactNode; description?: ReactNode };

export type StepperProps = {
  /** Names the list for screen readers, e.g. "Create an AI base". */
  label: string;
  steps: readonly StepperStep[];
  /** Index (0-based) of the current step; earlier steps count as completed. */
  current: number;
  className?: string;
};

type StepState = 'completed' | 'current' | 'upcoming';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};

  @media (min-width: ${({ theme }) => theme.breakpoints.phone}) {
    flex-direction: row;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

const Item = styled.li`
  flex: 1 1 0;
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

const Marker = styled.span<{ $state: StepState }>`
  flex: none;
  width: 28px;
  height: 28px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 700;
  border-radius: 50%;
  border: 2px solid;
  ${({ theme, $state }) =>
    $state === 'completed'
      ? css`
          color: ${theme.colors.onPrimary};
          background: ${theme.colors.positive};
          border-color: ${theme.colors.positive};
        `
      : $state === 'current'
        ? css`
            color: ${theme.colors.onPrimary};
            background: ${theme.colors.primary};
            border-color: ${theme.colors.primary};
          `
        : css`
            color: ${theme.colors.muted};
            background: ${theme.colors.surface};
            border-color: ${theme.colors.muted};
          `}
`;

const Text = styled.span<{ $state: StepState }>`
  display: flex;
  flex-direction: column;
  padding-top: 3px;
  font-weight: ${({ $state }) => ($state === 'current' ? 700 : 400)};
  color: ${({ theme, $state }) => ($state === 'upcoming' ? theme.colors.muted : theme.colors.text)};
`;

const Description = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 400;
  color: ${({ theme }) => theme.colors.muted};
`;

function stateOf(index: number, current: number): StepState {
  if (index < current) return 'completed';
  return index === current ? 'current' : 'upcoming';
}

export function Stepper({ label, steps, current, className }: StepperProps) {
  return (
    <List aria-label={label} className={className}>
      {steps.map((step, index) => {
        const state = stateOf(index, current);
        return (
          <Item key={index} aria-current={state === 'current' ? 'step' : undefined}>
            {/* The list already conveys numbering, so the marker is decorative. */}
            <Marker $state={state} aria-hidden="true">
              {state === 'completed' ? (
                <svg width="14" height="14" viewBox="0 0 16 16">
                  <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.5" />
                </svg>
              ) : (
                index + 1
              )}
            </Marker>
            <Text $state={state}>
              <span>
                {state === 'completed' && (
                  <VisuallyHidden>
                    <Trans>Completed:</Trans>{' '}
                  </VisuallyHidden>
                )}
                {step.label}
              </span>
              {step.description && <Description>{step.description}</Description>}
            </Text>
          </Item>
        );
      })}
    </List>
  );
}
