import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useUrlParams } from '@/components/data/url-params';
import { PageHeader } from '@/components/ui/page-header';
import { HomeroomClassesPanel } from '../components/homeroom-classes-panel';
import { StudentsPanel } from '../components/students-panel';
import { TeachersPanel } from '../components/teachers-panel';

const TABS = [
  { key: 'students', label: 'Học sinh', Panel: StudentsPanel },
  { key: 'homeroom-classes', label: 'Lớp chủ nhiệm', Panel: HomeroomClassesPanel },
  { key: 'teachers', label: 'Giáo viên', Panel: TeachersPanel },
] as const;

/**
 * The admin's people page: students, homeroom classes and teachers, one tab each. The tab is in
 * the address (?tab=…) so a reload or a shared link opens the same list; switching tab starts
 * that list afresh, because each list keeps its own search and filters in the address too.
 */
export default function AdminStudentsPage() {
  const params = useUrlParams();
  const index = Math.max(
    0,
    TABS.findIndex((t) => t.key === params.get('tab')),
  );
  return (
    <div>
      <PageHeader title="Quản lý học sinh" subtitle="Hồ sơ học sinh, lớp chủ nhiệm và giáo viên của trường." />
      <TabGroup selectedIndex={index} onChange={(i) => params.update(i === 0 ? {} : { tab: TABS[i].key }, { keepOthers: false })}>
        <TabList aria-label="Nhóm dữ liệu" className="mb-5 flex gap-1 overflow-x-auto border-b border-border">
          {TABS.map((t) => (
            <Tab
              key={t.key}
              className="-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-primary data-selected:border-primary data-selected:text-primary sm:px-4"
            >
              {t.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          {TABS.map((t) => (
            <TabPanel key={t.key} className="focus:outline-none">
              <t.Panel />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}
