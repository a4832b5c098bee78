import { useId, type ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { VisuallyHidden } from './visually-hidden';

export type ProgressBarTone = 'default' | 'positive' | 'negative';

export type ProgressBarProps = {
  /** Accessible (and by default visible) label, e.g. the file name. */
  label: ReactNode;
  /** Current value; leave undefined for an indeterminate bar. */
  value?: number;
  max?: number;
  tone?: ProgressBarTone;
  /** Shows the percentage next to the label. */
  showValue?: boolean;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  className?: string;
};

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

const LabelRow = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.text};
  /* A label without spaces (a long file name) wraps rather than pushing the row wider. */
  & > :first-child {
    min-width: 0;
    overflow-wrap: break-word;
  }
`;

const Percent = styled.span`
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.muted};
`;

// The track's muted outline keeps the bar's extent visible (non-text contrast).
const Track = styled.div`
  position: relative;
  height: 8px;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.page};
  border: 1px solid ${({ theme }) => theme.colors.muted};
  border-radius: ${({ theme }) => theme.radius.pill};
`;

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const Fill = styled.div<{ $tone: ProgressBarTone; $indeterminate: boolean }>`
  height: 100%;
  background: ${({ theme, $tone }) =>
    $tone === 'positive' ? theme.colors.positive : $tone === 'negative' ? theme.colors.negative : theme.colors.secondary};
  transition: width 0.2s ease;
  ${({ $indeterminate }) =>
    $indeterminate &&
    css`
      width: 40%;
      animation: ${slide} 1.2s ease-in-out infinite;
    `}
`;

export function ProgressBar({
  label,
  value,
  max = 100,
  tone = 'default',
  showValue = false,
  hideLabel = false,
  className,
}: ProgressBarProps) {
  const { i18n } = useLingui();
  const labelId = useId();
  const indeterminate = value === undefined;
  const ratio = indeterminate || max <= 0 ? 0 : Math.min(Math.max(value / max, 0), 1);
  const percentText = i18n.number(ratio, { style: 'percent', maximumFractionDigits: 0 });
  const LabelTag = hideLabel ? VisuallyHidden : 'span';

  return (
    <Wrapper className={className}>
      <LabelRow>
        <LabelTag id={labelId}>{label}</LabelTag>
        {showValue && !indeterminate && <Percent aria-hidden="true">{percentText}</Percent>}
      </LabelRow>
      <Track
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={indeterminate ? undefined : value}
        aria-valuetext={indeterminate ? undefined : percentText}
      >
        {/* Inline width: avoids a new styled-components class per percentage. */}
        <Fill $tone={tone} $indeterminate={indeterminate} style={indeterminate ? undefined : { width: `${ratio * 100}%` }} />
      </Track>
    </Wrapper>
  );
}
