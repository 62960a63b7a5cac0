import { notifications } from '@mantine/notifications';
import { MESSAGES } from '../api/messages';

/** The one notification of an invalid submit: submitting again while it shows does not add a second one. */
export const INVALID_FORM_NOTIFICATION = 'invalid-form';

/**
 * What every form does when it is submitted with invalid fields (part 9: nothing is sent and 'Invalid!' is logged):
 * besides the fields' own messages, it says 'Please fix field errors.' (part 8) in a notification, as a failed save is said.
 * Pass it as `form.onSubmit`'s second argument.
 */
export function onInvalidForm(): void {
  console.info('Invalid!');
  notifications.show({ id: INVALID_FORM_NOTIFICATION, color: 'red', role: 'alert', message: MESSAGES.fixFields });
}
