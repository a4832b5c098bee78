import { fromCallback } from 'xstate';
import { Workbox } from 'workbox-window';
import type { ServiceWorkerCommand, ServiceWorkerEvent } from '@/machines/sw-update';

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
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) send({ type: 'CONTROLLING' });
  });
  receive((command) => {
    if (command.type === 'SKIP_WAITING') wb.messageSkipWaiting();
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
});
