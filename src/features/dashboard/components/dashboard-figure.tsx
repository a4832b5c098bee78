// One figure of the dashboard: its name with its definition (a keyboard-focusable button whose
// tooltip says what the figure counts: domain/dashboard's dashboardDefinitions), its value in the
// page's language, and its change from the previous period (an arrow and a percentage, 'New' where
// the previous period had nothing, nothing when there is no figure to compare).
import { useId, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { Compared } from '../../../../domain/dashboard';
import { useLang } from '../../../i18n/use-lang';
import { focusRing } from '../../../ui/focus-ring';
import { VisuallyHidden } from '../../../ui/visually-hidden';
import { changeShown, formatFigure, type FigureKind } from '../dashboard-format';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Name = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
`;

const Value = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
  font-variant-numeric: tabular-nums;
`;

const TipAnchor = styled.span`
  position: relative;
  display: inline-flex;
`;

const TipButton = styled.button`
  display: inline-grid;
  place-items: center;
  width: 24px;
  height: 24px;
  padding: 0;
  font: inherit;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.page};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  cursor: help;
  ${focusRing}
`;

// Shown while the button is hovered or has the keyboard; always in the page for screen readers (the button's description).
const Tip = styled.span`
  position: absolute;
  inset-block-start: calc(100% + 6px);
  inset-inline-start: -8px;
  z-index: 5;
  width: max-content;
  max-width: min(20rem, 80vw);
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 400;
  line-height: 1.4;
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.sm};
  box-shadow: ${({ theme }) => theme.shadow};
  white-space: normal;
  opacity: 0;
  visibility: hidden;
  pointer-events: none;
  ${TipButton}:hover + &,
  ${TipButton}:focus-visible + & {
    opacity: 1;
    visibility: visible;
  }
`;

/** A figure's definition: a focusable 'i' whose tooltip is the definition, read as its description. */
export function DefinitionTip({ name, definition }: { name: string; definition: MessageDescriptor }) {
  const { t, i18n } = useLingui();
  const id = useId();
  return (
    <TipAnchor>
      <TipButton type="button" aria-label={t`What is ${name}?`} aria-describedby={id}>
        <span aria-hidden="true">i</span>
      </TipButton>
      <Tip role="tooltip" id={id}>
        {i18n._(definition)}
      </Tip>
    </TipAnchor>
  );
}

const ChangeText = styled.p<{ $direction: 'up' | 'down' | 'same' | 'new' }>`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
  color: ${({ theme, $direction }) =>
    $direction === 'up' ? theme.colors.positive : $direction === 'down' ? theme.colors.negative : theme.colors.muted};
`;

/** The change from the previous period: '▲ 12.5%' (read 'Up 12.5% on the previous period'), 'New', 'No change', or nothing. */
export function FigureChange({ change }: { change: Compared['change'] | undefined }) {
  const lang = useLang();
  const shown = changeShown(lang, change);
  if (!shown) return null;
  switch (shown.direction) {
    case 'new':
      return (
        <ChangeText $direction="new">
          <Trans>New: nothing in the previous period</Trans>
        </ChangeText>
      );
    case 'same':
      return (
        <ChangeText $direction="same">
          <Trans>No change on the previous period</Trans>
        </ChangeText>
      );
    case 'up':
    case 'down': {
      const { percent } = shown;
      return (
        <ChangeText $direction={shown.direction}>
          <span aria-hidden="true">
            {shown.direction === 'up' ? '▲' : '▼'} {percent}
          </span>
          <VisuallyHidden>
            {shown.direction === 'up' ? <Trans>Up {percent} on the previous period</Trans> : <Trans>Down {percent} on the previous period</Trans>}
          </VisuallyHidden>
        </ChangeText>
      );
    }
  }
}

export type FigureProps = {
  name: string;
  definition: MessageDescriptor;
  figure: Compared;
  kind: FigureKind;
  currency?: string | null;
  /** Shown after the value (a return on spend's '×'). */
  suffix?: ReactNode;
};

/** A figure as a group named by its name: the value ('—' when there is none), its change, its definition. */
export function Figure({ name, definition, figure, kind, currency, suffix }: FigureProps) {
  const lang = useLang();
  const id = useId();
  const value = formatFigure(lang, kind, figure.current, currency);
  return (
    <Box role="group" aria-labelledby={id}>
      <Name>
        <span id={id}>{name}</span>
        <DefinitionTip name={name} definition={definition} />
      </Name>
      <Value>
        {value === null ? (
          <>
            <span aria-hidden="true">—</span>
            <VisuallyHidden>
              <Trans>No figure for this period</Trans>
            </VisuallyHidden>
          </>
        ) : (
          <>
            {value}
            {suffix}
          </>
        )}
      </Value>
      <FigureChange change={figure.change} />
    </Box>
  );
}
