import { Alert } from '@mantine/core';
import { describeError } from '../app/providers';

/** Inside a dialog whose save failed: says why, in place, so the dialog (and the input) stays. Nothing when `error` is null. */
export function SaveFailed({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" title="Not saved" role="alert">
      {describeError(error)}
    </Alert>
  );
}
