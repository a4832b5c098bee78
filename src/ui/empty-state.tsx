import type { ReactNode } from 'react';
import styled from 'styled-components';
import { BlockDescription, BlockTitle } from './block-title';
import { headingTag, type HeadingLevel } from './heading';

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Usually a Button, e.g. "Create your first AI base". */
  action?: ReactNode;
  /** Decorative illustration or icon; rendered aria-hidden. */
  icon?: ReactNode;
  headingLevel?: HeadingLevel;
  className?: string;
};

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(10)} ${theme.space(4)}`};
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px dashed ${({ theme }) => theme.colors.muted};
  border-radius: ${({ theme }) => theme.radius.lg};
`;

const IconWrap = styled.div`
  color: ${({ theme }) => theme.colors.secondary};
`;

const Description = styled(BlockDescription)`
  max-width: 40ch;
`;

export function EmptyState({ title, description, action, icon, headingLevel = 2, className }: EmptyStateProps) {
  return (
    <Wrapper className={className}>
      {icon && <IconWrap aria-hidden="true">{icon}</IconWrap>}
      <BlockTitle as={headingTag(headingLevel)}>{title}</BlockTitle>
      {description && <Description>{description}</Description>}
      {action}
    </Wrapper>
  );
}
