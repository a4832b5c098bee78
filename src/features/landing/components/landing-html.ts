import { createContext } from 'react';

/**
 * True while the server renders the landing's HTML for its own entry (src/entry-server.tsx): the
 * parts that stand in for JavaScript before the page is live (the material panel) are rendered
 * then. In the browser they are never rendered: the islands remove them from the page as they
 * hydrate, and the app, which renders the landing itself when it navigates there, does without.
 */
export const LandingHtmlContext = createContext(false);
