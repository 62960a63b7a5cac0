import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is at least Mantine's `sm` breakpoint (48em, 768 px). Below it, on a phone, the list and editor
 * screens show their rows as cards instead of table columns (part 2.4 on a 390 px wide screen). Read at once, so a
 * phone never renders the table first.
 */
export function useWideScreen(): boolean {
  return useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
}
