import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styled from 'styled-components';
import { BlockDescription, BlockTitle } from './block-title';
import { headingTag, type HeadingLevel } from './heading';

export type CardProps = Omit<ComponentPropsWithoutRef<'div'>, 'title'> & {
  title?: ReactNode;
  /** Level of the title heading; pick the one that fits the page outline. */
  headingLevel?: HeadingLevel;
  description?: ReactNode;
  /** Actions shown at the bottom, e.g. buttons. */
  footer?: ReactNode;
};

const Surface = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(1)};
`;

export function Card({ title, headingLevel = 2, description, footer, children, ...rest }: CardProps) {
  return (
    <Surface {...rest}>
      {title && <BlockTitle as={headingTag(headingLevel)}>{title}</BlockTitle>}
      {description && <BlockDescription>{description}</BlockDescription>}
      {children}
      {footer && <Footer>{footer}</Footer>}
    </Surface>
  );
}
