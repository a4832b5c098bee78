import type { ReactNode } from 'react';
import styled from 'styled-components';

const Band = styled.section<{ $tone: 'page' | 'surface' }>`
  padding: ${({ theme }) => theme.space(14)} ${({ theme }) => theme.space(5)};
  background: ${({ theme, $tone }) => theme.colors[$tone]};
  /* Section links land below the top of the viewport, not under the edge. */
  scroll-margin-top: ${({ theme }) => theme.space(4)};
`;

const Inner = styled.div`
  max-width: 1120px;
  margin: 0 auto;
`;

const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: clamp(1.6rem, 3.5vw, 2.25rem);
  line-height: 1.2;
  color: ${({ theme }) => theme.colors.primary};
`;

const SectionIntro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(8)};
  max-width: 60ch;
  font-size: ${({ theme }) => theme.font.size.lg};
  color: ${({ theme }) => theme.colors.muted};
`;

/** A responsive grid of cards: one column on phones, as many 240px columns as fit above. */
export const CardGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space(5)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const CardItem = styled.li`
  padding: ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.lg};
    color: ${({ theme }) => theme.colors.primary};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
  }
`;

type LandingSectionProps = {
  /** The anchor the header's section links (and the login page, for `contact`) point at. */
  id: string;
  /** The section's h2, which also names the section (landmark) for assistive technology. */
  title: ReactNode;
  intro?: ReactNode;
  tone?: 'page' | 'surface';
  children: ReactNode;
};

/** One band of the landing page: its h2, an optional introduction, then its content. */
export function LandingSection({ id, title, intro, tone = 'page', children }: LandingSectionProps) {
  return (
    <Band id={id} aria-labelledby={`${id}-title`} $tone={tone}>
      <Inner>
        <SectionTitle id={`${id}-title`}>{title}</SectionTitle>
        {intro && <SectionIntro>{intro}</SectionIntro>}
        {children}
      </Inner>
    </Band>
  );
}
