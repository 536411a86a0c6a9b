import type { ReactNode } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useParam } from '../lib/use-param';

/**
 * Tabs kept in `?view=`. Unlike the list kit's UrlTabs (which starts each tab's list afresh), these
 * keep the other parameters: the filtered/unfiltered choice holds across every view.
 */
export function ViewTabs({ tabs, label }: { tabs: Array<{ key: string; label: string; content: ReactNode }>; label: string }) {
  const [view, setView] = useParam('view');
  const index = Math.max(0, tabs.findIndex((t) => t.key === view));
  return (
    <TabGroup selectedIndex={index} onChange={(i) => setView(i === 0 ? '' : tabs[i].key)}>
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
