import type { ReactNode } from 'react';
import styled from 'styled-components';

const Wrapper = styled.div<{ $wide: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
`;

const Caption = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.muted};
`;

const Content = styled.div<{ $inline: boolean }>`
  display: flex;
  flex-direction: ${({ $inline }) => ($inline ? 'row' : 'column')};
  flex-wrap: ${({ $inline }) => ($inline ? 'wrap' : 'nowrap')};
  min-width: 0;
  align-items: ${({ $inline }) => ($inline ? 'center' : 'stretch')};
  gap: ${({ theme }) => theme.space(3)};
`;

type ExampleStateProps = {
  /** The state shown: "Default", "Disabled", "Error"… */
  caption: ReactNode;
  /** Span the whole row of the section grid. */
  wide?: boolean;
  /** Lay the children out in a wrapping row (buttons, badges) instead of a column. */
  inline?: boolean;
  children: ReactNode;
};

export function ExampleState({ caption, wide = false, inline = false, children }: ExampleStateProps) {
  return (
    <Wrapper $wide={wide}>
      <Caption>{caption}</Caption>
      <Content $inline={inline}>{children}</Content>
    </Wrapper>
  );
}
