import type { ReactNode } from 'react';
import styled from 'styled-components';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(6)};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.xl};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

type PageFrameProps = { title: ReactNode; actions?: ReactNode; children?: ReactNode };

/** A screen's title row and body inside the default layout. */
export function PageFrame({ title, actions, children }: PageFrameProps) {
  return (
    <>
      <Head>
        <h1>{title}</h1>
        {actions}
      </Head>
      {children}
    </>
  );
}
