import { useSyncExternalStore, type ComponentType } from 'react';
import { t } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import type { OpenConfirmModal } from '@mantine/modals';
import { hostWait } from './confirmWait';

/**
 * Confirmations on demand (first screen): the host of Mantine's confirm modals (`ModalsProvider`) brings the
 * Modal, its ScrollArea and Floating UI, 24 kB on the wire, that no landing page needs. `AppProviders` renders the host
 * (`useConfirmHost`) only once a screen first asks for a confirmation; `openConfirm` waits until the host listens, then
 * opens the modal through Mantine's static `modals` API.
 */
let host: ComponentType | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The host to render once asked for, else null (read by `AppProviders`). */
export function useConfirmHost(): ComponentType | null {
  return useSyncExternalStore(subscribe, () => host);
}

/** The loaded host, listening from its first effect on. A failed load is forgotten, so that the next ask tries again. */
function confirmHostReady(): Promise<void> {
  if (!hostWait.current) {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    hostWait.current = { promise, resolve };
    return import('./ConfirmHost').then(
      (module) => {
        host = module.default;
        for (const listener of listeners) listener();
        return promise;
      },
      (error: unknown) => {
        hostWait.current = undefined;
        throw error;
      },
    );
  }
  return hostWait.current.promise;
}

/** Opens a confirmation (Cancel and a confirm button); loads its host first the first time. */
export function openConfirm(props: OpenConfirmModal): void {
  Promise.all([confirmHostReady(), import('@mantine/modals')]).then(
    ([, { modals }]) => modals.openConfirmModal(props),
    () =>
      notifications.show({
        color: 'red',
        role: 'alert',
        title: t`Could not ask for confirmation`,
        message: t`Part of the portal did not load. Check your connection and try again.`,
      }),
  );
}
