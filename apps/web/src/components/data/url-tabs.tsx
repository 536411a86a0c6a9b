import type { ReactNode } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useSearchParams } from 'react-router';

export interface UrlTab {
  key: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs whose choice lives in `?tab=` (reload and Back keep it). Changing tab clears the other
 * list parameters: each tab's list starts at its own first page. Arrow keys move between tabs.
 */
export function UrlTabs({ tabs, label }: { tabs: UrlTab[]; label: string }) {
  const [params, setParams] = useSearchParams();
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.key === params.get('tab')),
  );
  return (
    <TabGroup selectedIndex={index} onChange={(i) => setParams({ tab: tabs[i].key }, { replace: true })}>
      <div className="-mx-4 mb-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <TabList aria-label={label} className="flex w-max min-w-full gap-1 border-b border-border">
          {tabs.map((t) => (
            <Tab
              key={t.key}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-primary data-selected:border-primary data-selected:text-primary"
            >
              {t.label}
            </Tab>
          ))}
        </TabList>
      </div>
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
