import { useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { ApiError } from '../api/http';

interface RecordEditorOptions<Saved> {
  /** The list the editor returns to after a save (and with Cancel). */
  list: string;
  /** What the success notification says, e.g. `Order PO-1 saved.` */
  savedMessage: (saved: Saved) => string;
  /** Brings the cached reads up to date with the saved record before the editor returns to the list. */
  refresh: (saved: Saved) => Promise<unknown> | void;
  /** Puts a 400's field errors on the form. */
  onFieldErrors?: (error: ApiError) => void;
}

/**
 * The save life cycle of the record editors (claims, forecasts, orders), beside `useServerLookup`: a failed save keeps
 * every edit and is said next to them (`failure`; a 409 is `stale`, and the editor offers to reload the record with
 * the version now stored); a save says so, refreshes the cached reads and returns to the list without asking about
 * unsaved changes (`guard`). Spread `mutation` into the save's mutation options.
 */
export function useRecordEditor<Saved>({ list, savedMessage, refresh, onFieldErrors }: RecordEditorOptions<Saved>) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  const leaving = useRef(false);
  const mutation = {
    meta: { silent: true }, // the editor says why itself, next to the edits it keeps
    onSuccess: async (saved: Saved) => {
      notifications.show({ color: 'green', message: savedMessage(saved) });
      await refresh(saved);
      leaving.current = true;
      await navigate({ to: list });
    },
    onError: (error: unknown) => {
      setFailure(error);
      if (error instanceof ApiError && error.status === 400) onFieldErrors?.(error);
    },
  };
  return {
    mutation,
    failure,
    setFailure,
    stale: failure instanceof ApiError && failure.status === 409,
    /** The unsaved-changes question's `when`: never once the save returns to the list. */
    guard: (dirty: () => boolean) => () => !leaving.current && dirty(),
  };
}
