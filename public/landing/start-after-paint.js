// The prerendered landing pages (scripts/prerender.ts) start the app from here rather than from
// its entry script: after their first paint. The content is already in the HTML, so the app's
// JavaScript (even when cached and ready at once) must not hold that paint back.
const entry = document.querySelector('script[data-app-entry]')?.getAttribute('data-app-entry');
let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  import(entry).catch((error) => console.error('Catalyst could not start', error));
};
// A task queued from an animation frame runs after that frame's paint. Hidden tabs get no frames.
requestAnimationFrame(() => setTimeout(start));
setTimeout(start, 3000);
