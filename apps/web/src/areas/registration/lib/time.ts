import { useEffect, useState } from 'react';

/**
 * The server's clock as the page sees it: the gap between the server's `now` and this device's clock
 * when the answer arrived, so a countdown does not depend on a wrong phone clock.
 */
export function clockOffset(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/** This device's time plus the server's offset, ticking every `everyMs`. */
export function useServerNow(offset: number, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
    const t = setInterval(() => setNow(Date.now() + offset), everyMs);
    return () => clearInterval(t);
  }, [offset, everyMs]);
  return now;
}

/** "2 ngày 3 giờ 5 phút", "4 phút 10 giây" (seconds only under an hour); "0 giây" once past. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts: string[] = [];
  if (days) parts.push(`${days} ngày`);
  if (hours) parts.push(`${hours} giờ`);
  if (minutes) parts.push(`${minutes} phút`);
  if (total < 3600) parts.push(`${seconds} giây`);
  return parts.join(' ') || '0 giây';
}
