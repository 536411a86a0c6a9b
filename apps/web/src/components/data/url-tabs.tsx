import type { ReactNode } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { ScrollRow } from '../ui/scroll-row';
import { useUrlParams } from './url-params';

export interface UrlTab {
  key: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs whose choice lives in `?tab=` (or `param`; reload and Back keep it). By default changing tab
 * clears the other list parameters, so each tab's list starts at its own first page; `keepParams`
 * keeps them instead (a choice that holds across tabs, e.g. filtered figures), and then the first tab
 * is the parameter's absence. Arrow keys move between tabs; on a narrow screen the bar scrolls sideways,
 * shows where more tabs are, and keeps the selected one in view (`ScrollRow`).
 */
export function UrlTabs({ tabs, label, param = 'tab', keepParams = false }: { tabs: UrlTab[]; label: string; param?: string; keepParams?: boolean }) {
  const params = useUrlParams();
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.key === params.get(param)),
  );
  const choose = (i: number) =>
    keepParams
      ? params.update({ [param]: i === 0 ? null : tabs[i].key })
      : params.update({ [param]: tabs[i].key }, { keepOthers: false });
  return (
    <TabGroup selectedIndex={index} onChange={choose}>
      <ScrollRow selectedIndex={index} className="-mx-4 mb-4 sm:mx-0">
        <TabList aria-label={label} className="flex w-max min-w-full gap-1 border-b border-border px-4 sm:px-0">
          {tabs.map((t) => (
            <Tab
              key={t.key}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-primary data-selected:border-primary data-selected:text-primary"
            >
              {t.label}
            </Tab>
          ))}
        </TabList>
      </ScrollRow>
      <TabPanels>
        {tabs.map((t) => (
          <TabPanel key={t.key} className="focus-visible:outline-none">
            {t.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
