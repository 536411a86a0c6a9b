import { useEffect, useRef } from 'react';
import { formatDuration, useServerNow } from '../lib/time';

/**
 * The time left until `to` on the server's clock, ticking every second on its own (the offers around it
 * do not re-render); `onPass` runs once when the moment passes (the page reads the round again).
 */
export function Countdown({ to, offset, onPass }: { to: string; offset: number; onPass?: () => void }) {
  const now = useServerNow(offset);
  const target = Date.parse(to);
  const passed = now >= target;
  const onPassRef = useRef(onPass);
  useEffect(() => {
    onPassRef.current = onPass;
  }, [onPass]);
  useEffect(() => {
    if (passed) onPassRef.current?.();
  }, [passed]);
  return <strong>{formatDuration(target - now)}</strong>;
}
