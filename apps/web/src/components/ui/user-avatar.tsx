import { useEffect, useState } from 'react';

/** Spec section 2: the first letter of the display name, else "U". */
export function avatarInitial(displayName: string | null | undefined): string {
  const first = Array.from((displayName ?? '').trim())[0];
  return first ? first.toLocaleUpperCase('vi-VN') : 'U';
}

export function displayNameOf(displayName: string | null | undefined): string {
  return displayName?.trim() || 'Người dùng';
}

const SIZES = { sm: 'size-8 text-sm', md: 'size-10 text-base', lg: 'size-16 text-2xl' } as const;

/** The stored photo URL, else the initial; a photo that fails to load falls back to the initial. */
export function UserAvatar({
  photoURL,
  displayName,
  size = 'md',
}: {
  photoURL: string | null | undefined;
  displayName: string | null | undefined;
  size?: keyof typeof SIZES;
}) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [photoURL]);

  if (photoURL && !failed) {
    return (
      <img
        src={photoURL}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={`${SIZES[size]} shrink-0 rounded-full object-cover ring-2 ring-white/20`}
        data-testid="user-avatar"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="user-avatar"
      className={`${SIZES[size]} inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-fg select-none`}
    >
      {avatarInitial(displayName)}
    </span>
  );
}
