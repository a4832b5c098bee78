// Server-rendered pages (the landing, the shopper pages) load the app from here rather than from
// its entry script: after their first paint. The content is already in the HTML, so the app's
// JavaScript — fetched only now, with the chunks the entry imports preloaded alongside — must not
// compete with that paint; then React hydrates the page (src/entry-client.tsx).
// src/entry-server.tsx points the page's module script here, naming the entry and its chunks.
const script = document.querySelector('script[data-app-entry]');
const entry = script?.getAttribute('data-app-entry');
let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  import(entry).catch((error) => console.error('Catalyst could not start', error));
  // The entry's chunks, fetched alongside it rather than after it: one link a task, since adding
  // each costs the main thread a little and together they would block it for a phone's frame.
  const chunks = (script.getAttribute('data-app-chunks') ?? '').split(' ').filter(Boolean);
  const preloadNext = () => {
    const href = chunks.shift();
    if (!href) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
    setTimeout(preloadNext);
  };
  preloadNext();
};
// A task queued from an animation frame runs after that frame's paint. Hidden tabs get no frames.
requestAnimationFrame(() => setTimeout(start));
setTimeout(start, 3000);
