import { useEffect, useRef, useState } from 'react';
import { ScrollRestoration, useLocation, type Location } from 'react-router';

/**
 * The keys React Router's ScrollRestoration saves and restores scroll positions under. Its default
 * (one key per history entry) scrolls to the top on every navigation, a tab or page switch inside a
 * page too (they change only `?tab=` / `?page=`). Here a new entry whose path is the one just shown
 * shares that entry's key, so its saved position is where the page already is and nothing moves; an
 * entry on another path gets a key of its own, has no saved position, and starts at the top. Back and
 * Forward land on a known entry and get its position back.
 */
function pathScrollKeys(): (location: Location) => string {
  const keyOf = new Map<string, string>();
  let last: Location | null = null;
  return (location) => {
    let key = keyOf.get(location.key);
    if (key === undefined) {
      key = last !== null && last.pathname === location.pathname ? (keyOf.get(last.key) ?? last.key) : location.key;
      keyOf.set(location.key, key);
    }
    last = location;
    return key;
  };
}

/**
 * Scroll and focus when the page changes (issue 12: a page opened from the phone menu kept the last
 * page's scroll, its title off screen). The window is what scrolls (the shell's main area grows with
 * its page). A new path starts at the top, Back and Forward restore, a search-parameter change keeps
 * the position. Focus moves to the main area, as the skip link does, so the next Tab starts in the new
 * page and a screen reader leaves the menu link it pressed; a page that put focus in itself keeps it.
 */
export function PageScroll({ mainId }: { mainId: string }) {
  const [getKey] = useState(pathScrollKeys);
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById(mainId);
    if (!main || main.contains(document.activeElement)) return;
    main.focus({ preventScroll: true });
  }, [pathname, mainId]);

  return <ScrollRestoration getKey={getKey} />;
}
