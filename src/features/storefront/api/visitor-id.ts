// The visitor id a shopper's page events carry: random, made once by this browser and kept in its
// local storage, so the dashboard can count people rather than page loads. It says nothing of the
// person (no address, no fingerprint); where storage is refused, each page load gets a new one.
const KEY = 'catalyst-visitor';
let current: string | null = null;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function visitorId(): string {
  if (current) return current;
  try {
    const stored = localStorage.getItem(KEY);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return (current = stored);
    current = randomId();
    localStorage.setItem(KEY, current);
  } catch {
    current ??= randomId();
  }
  return current;
}
