// The landing's interactive parts ("islands"): the language choice, the material request and the
// contact form. The page is server-rendered whole, through the router; in the browser the landing's
// own entry (src/entry-landing.tsx) hydrates only these, each from its element, by name, with the
// component this map gives: the rest of the page is HTML and CSS that needs no JavaScript.
import styled from 'styled-components';
import { LanguageLinks } from '@/src/i18n/language-links';
import { ContactForm } from './contact-form';
import { MaterialRequestButton } from './material-request-button';

export const landingIslands = {
  language: LanguageLinks,
  material: MaterialRequestButton,
  contact: ContactForm,
} as const;

export type LandingIslandName = keyof typeof landingIslands;

// The element adds no box of its own: the island's content lays out as if it were not there.
const IslandBox = styled.div`
  display: contents;
`;

/** An island in the page: its element, and in it what the landing's entry hydrates there. */
export function LandingIsland({ name }: { name: LandingIslandName }) {
  const Island = landingIslands[name];
  return (
    <IslandBox data-island={name}>
      <Island />
    </IslandBox>
  );
}
