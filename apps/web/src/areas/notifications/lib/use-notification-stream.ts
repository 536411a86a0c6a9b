import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ZNotificationPush } from '@app/shared/notifications';
import { storage } from '@/lib/storage';
import { countKey, latestKey, NOTIFICATIONS_ROOT, STREAM_PATH } from '../api/keys';

/** Waits before reconnecting: 1 s, 2 s, 4 s … up to 30 s. */
const backoff = (failures: number) => Math.min(30_000, 1000 * 2 ** Math.min(failures, 5));

/**
 * The bell's live link (issue 17): the server's Server-Sent Events, read with fetch so the session
 * token travels in the Authorization header like every call (never in the address, which proxies
 * log). Each push sets the unread count in the query cache and refreshes the panel and the page.
 * The stream ends every few minutes on purpose and on any failure; it reconnects by itself, and
 * while it is down the count is polled (`live` false).
 */
export function useNotificationStream(): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof fetch !== 'function' || typeof TextDecoder === 'undefined') return;
    let stopped = false;
    let ctrl: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const onData = (data: string) => {
      const push = ZNotificationPush.safeParse(JSON.parse(data));
      if (!push.success) return;
      client.setQueryData(countKey, push.data.unread);
      void client.invalidateQueries({ queryKey: latestKey });
      void client.invalidateQueries({ queryKey: ['list', NOTIFICATIONS_ROOT] });
    };
    const connect = async () => {
      const token = storage.getToken();
      if (!token || stopped) return;
      ctrl = new AbortController();
      try {
        const res = await fetch(`/api${STREAM_PATH}`, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          signal: ctrl.signal,
          cache: 'no-store',
        });
        // A refused session is the API client's business (its next call signs out); polling stays off too.
        if (res.status === 401) return;
        if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
        setLive(true);
        failures = 0;
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buf = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buf += decoder.decode(value, { stream: true });
          for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
            const data = buf
              .slice(0, i)
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trimStart())
              .join('\n');
            buf = buf.slice(i + 2);
            if (data) onData(data);
          }
        }
      } catch {
        failures++;
      }
      if (stopped) return;
      setLive(false);
      timer = setTimeout(() => void connect(), failures ? backoff(failures) : 500);
    };
    void connect();
    return () => {
      stopped = true;
      ctrl?.abort();
      clearTimeout(timer);
    };
  }, [client]);
  return live;
}
