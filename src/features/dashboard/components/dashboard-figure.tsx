// One figure of the dashboard: its name with its definition (a keyboard-focusable button whose
// tooltip says what the figure counts: domain/dashboard's dashboardDefinitions; hidden, it takes no
// room, and shown, it stays inside the window), its value in the page's language, and its change
// from the previous period (an arrow and a percentage, 'New' where the previous period had nothing,
// nothing when there is no figure to compare).
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import styled, { css } from 'styled-components';
import type { Compared } from '@/domain/dashboard';
import { useLang } from '@/src/i18n/use-lang';
import { focusRing } from '@/src/ui/focus-ring';
import { VisuallyHidden, visuallyHiddenStyle } from '@/src/ui/visually-hidden';
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

/** Space kept between a shown definition and the window's edges (px). */
const WINDOW_MARGIN = 8;

// Shown below its button, moved sideways (--tip-shift) as far as it takes to stay inside the window.
const shownTip = css`
  position: absolute;
  inset-block-start: calc(100% + 6px);
  inset-inline-start: -8px;
  z-index: 5;
  width: max-content;
  max-width: min(20rem, calc(100vw - ${2 * WINDOW_MARGIN}px));
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 400;
  line-height: 1.4;
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.sm};
  box-shadow: ${({ theme }) => theme.shadow};
  white-space: normal;
  transform: translateX(var(--tip-shift, 0px));
  /* Bridges the gap to the button: the pointer on its way to the text keeps it shown. */
  &::before {
    content: '';
    position: absolute;
    inset-inline: 0;
    inset-block-end: 100%;
    height: 6px;
  }
`;

// Hidden, it stays in the page as the button's description, a pixel wide: a definition of a figure at
// the window's right edge must not widen the page.
const Tip = styled.span<{ $open: boolean }>`
  ${({ $open }) =>
    $open
      ? shownTip
      : css`
          ${visuallyHiddenStyle}
          visibility: hidden;
        `}
`;

/** How far a shown definition must move sideways to lie inside the window (px; 0 when it does). */
function shiftIntoWindow(tip: HTMLElement): number {
  tip.style.setProperty('--tip-shift', '0px');
  const { left, right } = tip.getBoundingClientRect();
  const edge = document.documentElement.clientWidth - WINDOW_MARGIN;
  if (right > edge) return Math.max(WINDOW_MARGIN - left, edge - right);
  return left < WINDOW_MARGIN ? WINDOW_MARGIN - left : 0;
}

/**
 * A figure's definition: a focusable 'i' whose tooltip is the definition, read as its description.
 * Shown while the pointer is over the button or its tooltip, or the button has the focus; Escape hides it.
 */
export function DefinitionTip({ name, definition }: { name: string; definition: MessageDescriptor }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const tip = useRef<HTMLSpanElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const open = hovered || focused;
  useLayoutEffect(() => {
    if (open && tip.current) tip.current.style.setProperty('--tip-shift', `${shiftIntoWindow(tip.current)}px`);
  }, [open]);
  const hide = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setHovered(false);
    setFocused(false);
  };
  return (
    <TipAnchor onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)} onKeyDown={hide}>
      <TipButton
        type="button"
        aria-label={t`What is ${name}?`}
        aria-describedby={id}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      >
        <span aria-hidden="true">i</span>
      </TipButton>
      <Tip role="tooltip" id={id} ref={tip} $open={open}>
        {i18n._(definition)}
      </Tip>
    </TipAnchor>
  );
}

const Detail = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

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
            {shown.direction === 'up' ? (
              <Trans>Up {percent} on the previous period</Trans>
            ) : (
              <Trans>Down {percent} on the previous period</Trans>
            )}
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
  /** A line under the value saying what it was worked out from (a rate's counts). */
  detail?: ReactNode;
};

/** A figure as a group named by its name: the value ('—' when there is none), its change, its definition. */
export function Figure({ name, definition, figure, kind, currency, suffix, detail }: FigureProps) {
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
      {detail ? <Detail>{detail}</Detail> : null}
      <FigureChange change={figure.change} />
    </Box>
  );
}
