import { createRoot, type Root, type RootOptions } from 'react-dom/client';

/**
 * The React root for the app's container, aware of the landing pages prerendered at build time
 * (scripts/prerender.ts marks their container with `data-prerendered`).
 *
 * Without prerendered content this is plain `createRoot`. With it, the app renders into a hidden
 * sibling while the prerendered page stays on screen and usable (links, FAQ, scrolling); the
 * first commit that holds a complete screen — every screen has an h1, and parts still loading
 * mark their placeholder `data-prerender-pending` — takes its place before the next paint,
 * carrying over scroll, focus, open FAQ answers and anything typed into forms.
 * The markup is the same, so nothing moves (no layout shift, no second LCP).
 *
 * Not `hydrateRoot`: the prerendered HTML is a browser snapshot of a client render, without the
 * markers React's server renderer puts around Suspense boundaries (the router and the app use
 * several), so hydration would fail, log an error and render from scratch anyway.
 */
export function createAppRoot(container: HTMLElement, options?: RootOptions): Root {
  if (!container.hasAttribute('data-prerendered')) return createRoot(container, options);
  const live = document.createElement('div');
  live.hidden = true;
  container.after(live);
  // Mutation records arrive in a microtask after React's commit: before the browser paints.
  const observer = new MutationObserver(() => {
    if (!live.querySelector('h1') || live.querySelector('[data-prerender-pending]')) return;
    observer.disconnect();
    takeOver(container, live);
  });
  observer.observe(live, { childList: true, subtree: true });
  return createRoot(live, options);
}

function takeOver(prerendered: HTMLElement, live: HTMLElement) {
  const scrollY = window.scrollY;
  const active = document.activeElement;
  const focusId = active instanceof HTMLElement && prerendered.contains(active) ? active.id : '';
  carryState(prerendered, live);

  live.hidden = false;
  prerendered.remove();
  live.id = prerendered.id;
  // The live app has injected its own styles; the snapshot's copy can go.
  document.querySelectorAll('style[data-prerendered-styles]').forEach((style) => style.remove());

  if (window.scrollY !== scrollY) window.scrollTo(0, scrollY);
  if (focusId) document.getElementById(focusId)?.focus({ preventScroll: true });
}

/** What people may have changed in the prerendered page before the app started. */
function carryState(from: HTMLElement, to: HTMLElement) {
  const openAnswers = from.querySelectorAll('details');
  to.querySelectorAll('details').forEach((details, index) => {
    if (openAnswers[index]?.open) details.open = true;
  });
  from
    .querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('form [id]:is(input, select, textarea)')
    .forEach((control) => {
      const target = to.querySelector(`#${CSS.escape(control.id)}`);
      if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
        if (target instanceof HTMLInputElement) target.checked = control.checked;
      } else if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) {
        target.value = control.value;
      }
    });
}
