import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { hostWait } from './confirmWait';

/**
 * Resolves `openConfirm`'s wait once the host listens: rendered after the ModalsProvider, its effect runs after the
 * provider's (React runs sibling effects in order), which subscribes to the `modals.*` events.
 */
function ConfirmHostReady() {
  useEffect(() => hostWait.current?.resolve(), []);
  return null;
}

/** The confirmations' host, loaded by `AppProviders` when `openConfirm` first asks for it (components/confirm.tsx). */
export default function ConfirmHost() {
  return (
    <>
      <ModalsProvider />
      <ConfirmHostReady />
    </>
  );
}
