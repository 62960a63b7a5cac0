import { useEffect, useMemo, useState } from 'react';
import { t } from '@lingui/core/macro';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/** Part 9: searches wait 300 ms after the last keystroke; filter lookups start at 2 characters. */
export const LOOKUP_DEBOUNCE = 300;
export const LOOKUP_MIN = 2;

export interface ServerLookupOptions<TQueryFnData, TData extends { rows: unknown[] }, TError> {
  /** The list operation's query for one search text (trimmed and debounced; '' for none): a generated `get…QueryOptions(body)`. */
  query: (search: string) => UseQueryOptions<TQueryFnData, TError, TData, QueryKey>;
  /** A row as an option. */
  option: (row: TData['rows'][number]) => ComboboxItem;
  /** The current value(s): their labels stay shown even when the latest answer does not have them. */
  value: string | string[] | null;
  /** Labels of values chosen before any search (e.g. the edited record's own), by value. */
  known?: ComboboxItem[];
  /**
   * With fewer than 2 typed characters: `true` lists the first page unfiltered (a short list to browse), `false` asks
   * nothing and says 'Type at least 2 characters' (part 5's supply lookups).
   */
  browse?: boolean;
  /** Plural noun for 'No … found'. */
  what: string;
}

/** Options as the server answered them: the browser does not filter them again. */
const serverFiltered: OptionsFilter = ({ options }) => options;

/**
 * A select whose options are a server-side search of a list operation, as the supply dialog's lookups are: the typed
 * text goes to the operation's `filter` after the debounce, so a match beyond the first page is found. Asks only once
 * the dropdown has been opened. Spread `props` onto a Mantine `Select` or `MultiSelect`.
 */
export function useServerLookup<TQueryFnData, TData extends { rows: unknown[] }, TError = unknown>({
  query,
  option,
  value,
  known,
  browse = false,
  what,
}: ServerLookupOptions<TQueryFnData, TData, TError>) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [labels, setLabels] = useState<Map<string, ComboboxItem>>(() => new Map((known ?? []).map((item) => [item.value, item])));
  const values = useMemo(() => (value == null ? [] : Array.isArray(value) ? value : [value]), [value]);

  // A single select shows the chosen option's label as its search text: that is not a search.
  const typed = search.trim();
  const chosenLabel = !Array.isArray(value) && value != null ? labels.get(value)?.label : undefined;
  const searching = typed === chosenLabel ? '' : typed;
  const [debounced] = useDebouncedValue(searching, LOOKUP_DEBOUNCE);
  const filter = debounced.length >= LOOKUP_MIN ? debounced : '';
  const enabled = opened && (filter !== '' || browse);

  const answer = useQuery({ ...query(filter), enabled, placeholderData: keepPreviousData });
  const found = useMemo(() => (enabled ? answer.data?.rows.map(option) : undefined), [enabled, answer.data, option]);

  useEffect(() => {
    const fresh = [...(known ?? []), ...(found ?? [])].filter((item) => labels.get(item.value)?.label !== item.label);
    if (fresh.length === 0) return;
    setLabels((current) => {
      const next = new Map(current);
      for (const item of fresh) next.set(item.value, item);
      return next;
    });
  }, [found, known, labels]);

  const data = useMemo(() => {
    const options = found ?? [];
    const missing = values.filter((chosen) => !options.some((item) => item.value === chosen)).map((chosen) => labels.get(chosen) ?? { value: chosen, label: chosen });
    return [...missing, ...options];
  }, [found, labels, values]);

  const tooShort = !browse && searching.length < LOOKUP_MIN;
  const nothingFoundMessage = tooShort
    ? t`Type at least ${LOOKUP_MIN} characters`
    : answer.isFetching && !answer.data
      ? t`Searching…`
      : t`No ${what} found`;

  return {
    search,
    loading: answer.isFetching,
    error: answer.error,
    props: {
      searchable: true,
      data,
      filter: serverFiltered,
      searchValue: search,
      onSearchChange: setSearch,
      onDropdownOpen: () => setOpened(true),
      nothingFoundMessage,
    },
  };
}
