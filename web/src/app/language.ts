import { useCallback } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { getSessionGetMeQueryKey, sessionChooseLanguage } from '@generated/endpoints/session/session';
import { describeError } from '../api/describeError';
import { activateLocale, PSEUDO_SWITCH } from '../i18n/i18n';
import { PSEUDO_LOCALE, type Locale } from '../i18n/locales';

/**
 * Choosing a language: it becomes the person's own (`POST /api/me/language`, so it follows them to another browser
 * and device) and the app switches to it at once, without signing out. Should the save fail, the app speaks the
 * chosen language all the same and says that it was not kept. The pseudo-locale is never saved: it is this
 * browser's development switch.
 */
export function useChooseLanguage(): (locale: Locale) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (locale: Locale) => {
      if (locale === PSEUDO_LOCALE) {
        window.localStorage.setItem(PSEUDO_SWITCH, 'on');
        await activateLocale(locale);
        return;
      }
      window.localStorage.removeItem(PSEUDO_SWITCH);
      const saved = sessionChooseLanguage({ language: locale }).then(
        (me) => queryClient.setQueryData(getSessionGetMeQueryKey(), me),
        (error: unknown) => error,
      );
      await activateLocale(locale);
      const failure = await saved;
      if (failure instanceof Error) {
        notifications.show({ color: 'red', role: 'alert', title: t`Language not saved`, message: describeError(failure) });
      }
    },
    [queryClient],
  );
}
