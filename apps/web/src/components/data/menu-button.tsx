import type { ReactNode } from 'react';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import { buttonClass } from '../ui/button';

/** A button that opens a short list of actions ("Nhập Excel" → classes / enrolments). */
export function MenuButtonList({
  label,
  icon: Icon,
  items,
}: {
  label: ReactNode;
  icon?: LucideIcon;
  items: Array<{ label: string; onClick: () => void }>;
}) {
  return (
    <Menu>
      <MenuButton className={buttonClass('secondary')}>
        {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
        {label}
        <ChevronDown aria-hidden="true" className="size-4" />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 4 }}
        className="z-40 min-w-48 rounded-lg border border-border bg-surface p-1 text-sm text-fg shadow-lg focus:outline-none"
      >
        {items.map((it) => (
          <MenuItem key={it.label}>
            <button type="button" onClick={it.onClick} className="block w-full rounded-md px-3 py-2 text-left data-focus:bg-surface-2">
              {it.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
