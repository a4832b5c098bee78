import { Toaster } from 'react-hot-toast';

/**
 * The toasts' outlet, in its own chunk, loaded with the first render (app.tsx). Toasts raised
 * before it is there wait in react-hot-toast's store and show when it mounts.
 */
export default function AppToaster() {
  return <Toaster position="bottom-center" />;
}
