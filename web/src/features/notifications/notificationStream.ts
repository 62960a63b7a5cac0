import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { currentAccessToken } from '../../api/http';

/** The page of notifications the bell's drawer lists: the query the stream's events refresh with the count. */
export const NOTIFICATIONS_PAGE = { pagination: { page: 1, rowsPerPage: 50 as const } };

/** How long one stream is asked to stay open; the server also ends it when the access token expires. */
const STREAM_SECONDS = 300;
/** The wait before reconnecting after a stream failed, doubled up to the last. */
const RETRY_MS = [1_000, 2_000, 5_000, 15_000, 30_000];

/** The server-sent events in a chunk of the stream: each `event:`/`data:` block ends with a blank line. */
export function parseEvents(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events = blocks
    .map((block) => {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      return { event, data: data.join('\n') };
    })
    .filter((entry) => entry.data !== '');
  return { events, rest };
}

/**
 * Follows the caller's notifications as they arrive: `POST /api/notifications/stream` read with fetch, so the request
 * carries the Authorization header as every call does (EventSource cannot). Each `unread` event refreshes the bell and
 * the list; a stream that ends (its time or its token's) is reopened with the current token. Answers whether the
 * stream is live: while it is not, the bell polls.
 */
export function useNotificationStream(unreadKey: readonly unknown[], listKey: readonly unknown[]): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    let failures = 0;
    const refresh = (unread: number) => {
      queryClient.setQueryData(unreadKey, { unread });
      void queryClient.invalidateQueries({ queryKey: listKey });
    };
    const follow = async () => {
      while (!abort.signal.aborted) {
        try {
          const token = currentAccessToken();
          const response = await fetch('/api/notifications/stream', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
            body: JSON.stringify({ seconds: STREAM_SECONDS }),
            signal: abort.signal,
          });
          if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const parsed = parseEvents(buffer + value);
            buffer = parsed.rest;
            for (const entry of parsed.events) {
              if (entry.event !== 'unread') continue;
              failures = 0;
              setLive(true);
              refresh((JSON.parse(entry.data) as { unread: number }).unread);
            }
          }
        } catch {
          if (abort.signal.aborted) return;
          setLive(false);
          const wait = RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)];
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    };
    void follow();
    return () => abort.abort();
    // The keys are built from constants by the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient]);
  return live;
}
