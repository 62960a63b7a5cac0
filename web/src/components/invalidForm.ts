import type { FormEvent } from 'react';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '../api/messages';

/** The one notification of an invalid submit: submitting again while it shows does not add a second one. */
export const INVALID_FORM_NOTIFICATION = 'invalid-form';

/**
 * What every form does when it is submitted with invalid fields (part 9: nothing is sent and 'Invalid!' is logged):
 * besides the fields' own messages, it says 'Please fix field errors.' (part 8) in a notification, as a failed save is said.
 * Pass it as `form.onSubmit`'s second argument. The message leaves once it is no longer true: when no field of the form
 * is invalid any more (Mantine marks an invalid field `aria-invalid`), or when the form is gone (a saved dialog closes).
 */
export function onInvalidForm(_errors?: unknown, _values?: unknown, event?: FormEvent<HTMLFormElement>): void {
  console.info('Invalid!');
  const form = event?.currentTarget;
  const watched = form instanceof HTMLFormElement;
  // A watched form's message stays as long as it is true; one without a form to watch goes by itself.
  notifications.show({ id: INVALID_FORM_NOTIFICATION, color: 'red', role: 'alert', message: MESSAGES.fixFields, ...(watched ? { autoClose: false } : {}) });
  if (watched) leaveWhenFixed(form);
}

let watching: MutationObserver | null = null;

function leaveWhenFixed(form: HTMLFormElement): void {
  watching?.disconnect();
  const observer = new MutationObserver(() => {
    if (form.isConnected && form.querySelector('[aria-invalid="true"]')) return;
    notifications.hide(INVALID_FORM_NOTIFICATION);
    observer.disconnect();
    if (watching === observer) watching = null;
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-invalid'] });
  watching = observer;
}
