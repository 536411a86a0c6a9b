import { PageHeader } from '@/components/ui/page-header';
import { ThemeChoices } from '@/components/ui/theme-choices';
import { NotificationPreferences } from '@/areas/notifications/public';
import { CalendarFeedBlock } from '@/areas/timetables/public';
import { useProfileRecords } from '../api/get-profile';
import { IdentityCard } from '../components/identity-card';
import { RecordCard } from '../components/record-card';
import { SessionsCard } from '../components/sessions-card';

/**
 * "Thông tin cá nhân" (issue 17), every signed-in role, from the header's user menu: who they are, their
 * school record (read-only), the theme, their private calendar link, notification preferences and the
 * devices signed in. On a wide screen the theme pairs with the record's absence (office staff) or with the
 * devices, so no half row stays empty.
 */
export default function ProfilePage() {
  const records = useProfileRecords();
  const hasRecord = !records.data || Boolean(records.data.student || records.data.teacher);
  const theme = (
    <section aria-label="Giao diện" className="rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5 lg:self-start">
      <ThemeChoices name="profile-theme" legend="Giao diện" legendClassName="pb-3 text-base font-semibold text-fg" />
    </section>
  );
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Thông tin cá nhân" subtitle="Tài khoản, hồ sơ, giao diện và các thiết bị đang đăng nhập của bạn." />
      <div className="grid gap-4 lg:grid-cols-2">
        <IdentityCard />
        <RecordCard />
        {hasRecord ? null : theme}
        <section
          aria-labelledby="profile-notifications"
          className="rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5 lg:col-span-2"
        >
          <h2 id="profile-notifications" className="pb-3 text-base font-semibold text-fg">
            Nhận thông báo
          </h2>
          <NotificationPreferences />
        </section>
        <div className="lg:col-span-2">
          <CalendarFeedBlock />
        </div>
        {hasRecord ? (
          <>
            {theme}
            <SessionsCard />
          </>
        ) : (
          <div className="lg:col-span-2">
            <SessionsCard />
          </div>
        )}
      </div>
    </div>
  );
}
