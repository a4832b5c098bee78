import type { ReactNode } from 'react';
import styled from 'styled-components';

export type BadgeVariant = 'neutral' | 'primary' | 'accent' | 'info' | 'positive' | 'warning' | 'negative';

export type BadgeProps = {
  variant?: BadgeVariant;
  children: ReactNode;
  className?: string;
};

// White text on every solid colour of the palette is at least 5:1 (AA for small text).
const background = {
  neutral: 'muted',
  primary: 'primary',
  accent: 'accent',
  info: 'info',
  positive: 'positive',
  warning: 'warning',
  negative: 'negative',
} as const;

const Pill = styled.span<{ $variant: BadgeVariant }>`
  display: inline-flex;
  align-items: center;
  padding: 2px ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
  line-height: 1.4;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme, $variant }) => theme.colors[background[$variant]]};
  border-radius: ${({ theme }) => theme.radius.pill};
`;

export function Badge({ variant = 'neutral', children, className }: BadgeProps) {
  return (
    <Pill $variant={variant} className={className}>
      {children}
    </Pill>
  );
}
