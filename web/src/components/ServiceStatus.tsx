import { useSyncExternalStore } from 'react';
import { Alert, Loader } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { serviceAvailability } from '../api/http';

/**
 * While the API answers 503 (its database restarts, or it sheds load), one banner says so instead of each
 * screen showing an error; reads are asked again with backoff and saves with an idempotency key are re-sent.
 * It goes away with the next successful answer.
 */
export function ServiceStatus() {
  const available = useSyncExternalStore(serviceAvailability.subscribe, serviceAvailability.isAvailable);
  if (available) return null;
  return (
    <Alert
      color="yellow"
      role="status"
      icon={<Loader size="xs" color="yellow" />}
      style={{ position: 'fixed', top: 8, left: '50%', transform: 'translateX(-50%)', zIndex: 1000 }}
    >
      <Trans>The service is briefly unavailable, retrying…</Trans>
    </Alert>
  );
}
