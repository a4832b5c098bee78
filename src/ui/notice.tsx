import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { CloseIcon } from './close-icon';
import { iconButtonBase } from './icon-button-styles';

export type NoticeVariant = 'info' | 'positive' | 'warning' | 'negative';

export type NoticeProps = {
  variant?: NoticeVariant;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a dismiss button when given. */
  onDismiss?: () => void;
  className?: string;
};

/** Mixes a #rrggbb colour with white; computed here so contrast checkers can read the result. */
function tint(hex: string, amount: number): string {
  const channel = (i: number) => {
    const value = parseInt(hex.slice(i, i + 2), 16);
    return Math.round(255 - (255 - value) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

// Text stays in theme.colors.text on a very light tint, so contrast holds for every variant;
// the variant colour is carried by the border and the icon.
const Box = styled.div<{ $variant: NoticeVariant }>`
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: ${({ theme }) => theme.space(3)};
  align-items: start;
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme, $variant }) => tint(theme.colors[$variant], 0.08)};
  border: 1px solid ${({ theme, $variant }) => theme.colors[$variant]};
  border-inline-start-width: 6px;
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Icon = styled.svg<{ $variant: NoticeVariant }>`
  flex: none;
  margin-top: 2px;
  color: ${({ theme, $variant }) => theme.colors[$variant]};
`;

const Body = styled.div`
  min-width: 0;
`;

const Title = styled.p`
  margin: 0;
  font-weight: 700;
`;

const Dismiss = styled.button`
  ${iconButtonBase}
  width: 32px;
  height: 32px;
  padding: 0;
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const iconPaths: Record<NoticeVariant, string> = {
  info: 'M12 11v6M12 7.5v.01',
  positive: 'M7.5 12.5l3 3 6-6.5',
  warning: 'M12 7v6M12 16.5v.01',
  negative: 'M8.5 8.5l7 7M15.5 8.5l-7 7',
};

export function Notice({ variant = 'info', title, children, onDismiss, className }: NoticeProps) {
  const { t } = useLingui();
  // Errors interrupt (alert); everything else is announced politely (status).
  const role = variant === 'negative' ? 'alert' : 'status';
  return (
    <Box role={role} $variant={variant} className={className}>
      <Icon
        $variant={variant}
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="10" />
        <path d={iconPaths[variant]} />
      </Icon>
      <Body>
        {title && <Title>{title}</Title>}
        {children}
      </Body>
      {onDismiss && (
        <Dismiss type="button" onClick={onDismiss} aria-label={t`Dismiss`}>
          <CloseIcon size={16} />
        </Dismiss>
      )}
    </Box>
  );
}
