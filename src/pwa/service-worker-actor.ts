import { fromCallback } from 'xstate';
import { Workbox } from 'workbox-window';
import type { ServiceWorkerCommand, ServiceWorkerEvent } from '@/machines/sw-update';

const SKIP_WAITING_RETRY_MS = 4_000;
const SKIP_WAITING_RETRIES = 10;

/** Registers /sw.js with scope / and translates workbox-window's lifecycle into machine events. */
export const serviceWorkerActor = fromCallback<ServiceWorkerCommand>(({ sendBack, receive }) => {
  const send = (event: ServiceWorkerEvent) => sendBack(event);
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) {
    send({ type: 'REGISTER_FAILED' });
    return;
  }
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('installed', (event) => {
    if (!event.isUpdate) send({ type: 'INSTALLED' });
  });
  wb.addEventListener('activated', (event) => {
    if (!event.isUpdate) send({ type: 'ACTIVATED' });
  });
  // A worker already waiting at registration is reported below, after REGISTERED.
  wb.addEventListener('waiting', (event) => {
    if (!event.wasWaitingBeforeRegister) send({ type: 'NEED_REFRESH' });
  });
  let retry: ReturnType<typeof setInterval> | undefined;
  const stopRetrying = () => clearInterval(retry);
  wb.addEventListener('controlling', (event) => {
    stopRetrying();
    if (event.isUpdate) send({ type: 'CONTROLLING' });
  });
  receive((command) => {
    if (command.type !== 'SKIP_WAITING') return;
    wb.messageSkipWaiting();
    // A message to a waiting worker the browser failed to start is dropped without a word: asked
    // again while it still waits, so the merchant's Reload is never left hanging.
    stopRetrying();
    let left = SKIP_WAITING_RETRIES;
    retry = setInterval(() => {
      if (left-- <= 0) return stopRetrying();
      wb.messageSkipWaiting();
    }, SKIP_WAITING_RETRY_MS);
  });
  wb.register()
    .then((registration) => {
      if (!registration) return send({ type: 'REGISTER_FAILED' });
      send({ type: 'REGISTERED' });
      // Workers from an earlier visit fire no lifecycle event here: report what is there.
      if (registration.waiting) send({ type: 'NEED_REFRESH' });
      else if (registration.active && !registration.installing && navigator.serviceWorker.controller) send({ type: 'ACTIVATED' });
    })
    .catch(() => send({ type: 'REGISTER_FAILED' }));
  return stopRetrying;
});
