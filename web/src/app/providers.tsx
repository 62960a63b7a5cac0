import { Fragment, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { I18nProvider, useLingui } from '@lingui/react';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { notifications, useNotifications } from '@mantine/notifications';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, isServiceUnavailable } from '../api/http';
import { describeError } from '../api/describeError';
import { ServiceStatus } from '../components/ServiceStatus';
import { useConfirmHost } from '../components/confirm';
import { readableOn } from './contrast';
import { pickerLocaleOf } from '../i18n/i18n';

export const theme = createTheme({
  primaryColor: 'blue',
  // WCAG 2.2 AA (1.4.3): white on blue 6 reads 3.55:1 and on green 6 2.55:1; the 8th shade of each colour with
  // dark text on the light ones (autoContrast below the luminance 0.2) keeps filled buttons and chips at 4.5:1.
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: 0.2,
  defaultRadius: 'sm',
  // Default props by component name, as plain objects: `DatePickerInput.extend(…)` would import the component, and
  // with it @mantine/dates and the combobox, into the first screen's JavaScript.
  components: {
    // Every dialog's close button and every picker's clear button has a name (WCAG 4.1.2).
    // The names are read when a component renders (getters): they follow the language chosen at that time.
    Modal: {
      defaultProps: {
        get closeButtonProps() {
          return { 'aria-label': t`Close` };
        },
      },
    },
    // The pickers' month and weekday names in the chosen language (its dayjs locale is loaded with the catalogue).
    DatePickerInput: { defaultProps: { get clearButtonProps() { return { 'aria-label': t`Clear date` }; }, get locale() { return pickerLocaleOf(i18n.locale); } } },
    DateInput: { defaultProps: { get clearButtonProps() { return { 'aria-label': t`Clear date` }; }, get locale() { return pickerLocaleOf(i18n.locale); } } },
    MonthPickerInput: { defaultProps: { get clearButtonProps() { return { 'aria-label': t`Clear month` }; }, get locale() { return pickerLocaleOf(i18n.locale); } } },
    DatePicker: { defaultProps: { get locale() { return pickerLocaleOf(i18n.locale); } } },
    // A dialog focuses its first field when it opens: a searchable select there must not open its dropdown by
    // itself, or the first click on Cancel only closes the dropdown and the blur shows 'Field is required.'.
    Select: { defaultProps: { openOnFocus: false } },
    Autocomplete: { defaultProps: { openOnFocus: false } },
    // A toast is a status message (WCAG 4.1.3), read out politely: 'Forecast saved.' is no alert. Failures pass
    // role 'alert' themselves, so a screen has one alert per failure, not a stale success toast beside it.
    Notification: { defaultProps: { role: 'status' } },
    // Without Mantine's focus placeholder: a focusable `role="presentation"` div is not a menu item, so every menu
    // would hold a child its role does not allow (axe's aria-required-children); focus goes to the first item instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * Dimmed text is gray 7 in the light scheme (gray 6 reads 3.3:1 on white; WCAG 1.4.3 asks 4.5:1). Coloured text
 * (`c="green"`, e.g. a stock increase) is the colour's 8th shade, darkened where it must be to read 4.5:1 on white and
 * on a hovered or striped row (gray 1). The text of 'light' variants (the active menu entry, light chips and badges)
 * is the colour's 9th shade, darkened likewise to read 4.5:1 on its tint (shade 1) and on the hover tint (shade 2).
 * In the dark scheme Mantine's dimmed text (dark 2, #828282) reads 4.0:1 on the page (dark 7): it is lightened until
 * it reads 4.5:1 on the page, on a striped row (dark 6) and on a hovered one (dark 5), for every screen at once.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantine) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.entries(mantine.colors).flatMap(([color, shades]) => [
        [`--mantine-color-${color}-text`, readableOn(shades[8], ['#ffffff', mantine.colors.gray[1]])],
        [`--mantine-color-${color}-light-color`, readableOn(shades[9], [shades[1], shades[2]])],
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': readableOn(mantine.colors.dark[2], [mantine.colors.dark[7], mantine.colors.dark[6], mantine.colors.dark[5]], 4.5, 'light'),
  },
});

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 503 (the service is briefly unavailable, e.g. its database restarts) is asked again with backoff,
        // about half a minute in all, while the banner says so; other failures are retried twice at most.
        retry: (failures, error) =>
          isServiceUnavailable(error) ? failures < 6 : !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
        retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 8_000),
        staleTime: 10_000,
        refetchOnWindowFocus: false,
      },
    },
    // A failed save says why, unless the screen handles the error itself (meta.silent).
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silent) return;
        notifications.show({ color: 'red', role: 'alert', title: t`Not saved`, message: describeError(error) });
      },
    }),
  });
}

/**
 * Mantine's notifications, mounted from the first one shown on (first screen): the component brings its
 * transitions and scroll handling, about 8 kB on the wire, that a first screen without a message does not need.
 * `notifications.show` only adds to Mantine's store, which the component renders once it is there. Should its chunk
 * not load, the messages are lost, not the screen.
 */
const LazyNotifications = lazy(
  (): Promise<{ default: ComponentType }> => import('./NotificationsHost').catch(() => ({ default: () => null })),
);

function NotificationsOnDemand() {
  const { notifications: shown, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (shown.length > 0 || queue.length > 0)) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyNotifications />
    </Suspense>
  ) : null;
}

/**
 * The app in the chosen language. A change of language draws the app anew (a key per locale), so that every text,
 * date and number follows it, also those a screen formats without asking Lingui's context (`formatDay`) and the
 * theme's default labels; the router, the signed-in session and the loaded data (QueryClient) stay.
 */
function InChosenLanguage({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return <Fragment key={active.locale}>{children}</Fragment>;
}

export function AppProviders({ children, queryClient, env }: { children: ReactNode; queryClient: QueryClient; env?: 'default' | 'test' }) {
  // The confirmations' host, once a screen first asks for one (components/confirm.tsx).
  const ConfirmHost = useConfirmHost();
  return (
    <I18nProvider i18n={i18n}>
      <InChosenLanguage>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" env={env}>
          <QueryClientProvider client={queryClient}>
            {ConfirmHost && <ConfirmHost />}
            <NotificationsOnDemand />
            <ServiceStatus />
            {children}
          </QueryClientProvider>
        </MantineProvider>
      </InChosenLanguage>
    </I18nProvider>
  );
}
