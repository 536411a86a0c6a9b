import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useBlocker } from 'react-router';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS, type TNotificationKind } from '@app/shared/notifications';
import { SETTINGS_SECTION_LABELS, type TSettingsSection, type TSettingsSectionName } from '@app/shared/settings';
import { formatDate } from '@app/shared/format';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { NumberField, SwitchField, TextField } from '@/components/data/form-fields';
import type { FormValues } from '@/components/data/form-context';
import { CardPanel } from '@/components/ui/card-panel';
import { PageHeader } from '@/components/ui/page-header';
import { useSettings } from '../api/get-settings';
import { useSettingsSummary } from '../api/get-summary';
import { LogoField } from '../components/logo-field';
import { SectionForm } from '../components/section-form';

/** The page's parts, in order: its own sections and the summaries of what other pages edit. */
const NAV: { id: string; label: string }[] = [
  { id: 'school', label: SETTINGS_SECTION_LABELS.school },
  { id: 'calendar', label: 'Lịch năm học' },
  { id: 'period-grid', label: 'Khung tiết' },
  { id: 'survey-results', label: SETTINGS_SECTION_LABELS['survey-results'] },
  { id: 'text-review', label: SETTINGS_SECTION_LABELS['text-review'] },
  { id: 'registration', label: SETTINGS_SECTION_LABELS.registration },
  { id: 'declarations-pay', label: 'Khai báo và tiền lương' },
  { id: 'notifications', label: SETTINGS_SECTION_LABELS.notifications },
  { id: 'sign-in', label: SETTINGS_SECTION_LABELS['sign-in'] },
];

const lines = (v: unknown) =>
  String(v ?? '')
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
const orNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const offName = (k: TNotificationKind) => `off_${k.replace('.', '_')}`;

// Each section's values for the form, and the input its schema checks.
const FORMS = {
  school: { toForm: (v: Record<string, unknown>) => ({ name: v.name, address: v.address }), toInput: (f: FormValues) => f },
  'survey-results': {
    toForm: (v: Record<string, unknown>) => ({
      minGroupSize: v.minGroupSize,
      autoPublish: v.autoPublish,
      restrictedFiltered: v.restrictedFiltered,
    }),
    toInput: (f: FormValues) => ({ ...f, minGroupSize: f.minGroupSize === '' ? undefined : Number(f.minGroupSize) }),
  },
  'text-review': { toForm: (v: Record<string, unknown>) => ({ autoApproveClean: v.autoApproveClean }), toInput: (f: FormValues) => f },
  registration: {
    toForm: (v: Record<string, unknown>) => ({
      defaultCapacity: v.defaultCapacity ?? '',
      waitlistByDefault: v.waitlistByDefault,
      maxClasses: v.maxClasses ?? '',
    }),
    toInput: (f: FormValues) => ({
      defaultCapacity: orNull(f.defaultCapacity),
      waitlistByDefault: f.waitlistByDefault,
      maxClasses: orNull(f.maxClasses),
    }),
  },
  notifications: {
    toForm: (v: Record<string, unknown>) => ({
      emailFrom: v.emailFrom,
      ...Object.fromEntries(NOTIFICATION_KINDS.map((k) => [offName(k), !(v.defaultOff as string[]).includes(k)])),
    }),
    toInput: (f: FormValues) => ({ emailFrom: f.emailFrom, defaultOff: NOTIFICATION_KINDS.filter((k) => !f[offName(k)]) }),
  },
  'sign-in': {
    toForm: (v: Record<string, unknown>) => ({
      allowedDomains: (v.allowedDomains as string[]).join('\n'),
      adminEmails: (v.adminEmails as string[]).join('\n'),
    }),
    toInput: (f: FormValues) => ({ allowedDomains: lines(f.allowedDomains), adminEmails: lines(f.adminEmails) }),
  },
} satisfies Record<TSettingsSectionName, { toForm: (v: Record<string, unknown>) => FormValues; toInput: (f: FormValues) => unknown }>;

export default function SettingsPage() {
  const settings = useSettings();
  const summary = useSettingsSummary();
  const [dirty, setDirty] = useState<Set<TSettingsSectionName>>(new Set());
  const onDirty = useCallback(
    (section: TSettingsSectionName, isDirty: boolean) =>
      setDirty((d) => {
        if (d.has(section) === isDirty) return d;
        const next = new Set(d);
        if (isDirty) next.add(section);
        else next.delete(section);
        return next;
      }),
    [],
  );
  const anyDirty = dirty.size > 0;

  // Leaving with unsaved changes: the browser's own question on reload/close, ours on a link.
  useEffect(() => {
    if (!anyDirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [anyDirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => anyDirty && currentLocation.pathname !== nextLocation.pathname);
  const proceeded = useRef(false);

  const sectionOf = (name: TSettingsSectionName) => settings.data?.sections.find((s) => s.section === name);
  const form = (name: TSettingsSectionName, children: React.ReactNode, description?: React.ReactNode) => {
    const data = sectionOf(name);
    if (!data) return null;
    return (
      <SectionForm section={name} data={data as TSettingsSection} onDirty={onDirty} description={description} {...FORMS[name]}>
        {children}
      </SectionForm>
    );
  };
  const panel = (id: string, children: React.ReactNode, description?: string) => (
    <div id={id} className="scroll-mt-32">
      <CardPanel
        title={NAV.find((n) => n.id === id)!.label}
        description={description}
        loading={settings.isPending}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      >
        {children}
      </CardPanel>
    </div>
  );
  const s = summary.data;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Cài đặt hệ thống" subtitle="Mỗi phần có nút Lưu riêng; thay đổi áp dụng ngay cho mọi người dùng." />
      <nav aria-label="Các phần cài đặt" className="sticky top-16 z-10 -mx-1 mb-4 overflow-x-auto bg-bg/95 px-1 py-2 backdrop-blur">
        <ul className="flex gap-2 whitespace-nowrap">
          {NAV.map((n) => (
            <li key={n.id}>
              <a href={`#${n.id}`} className="inline-block rounded-full border border-border px-3 py-1 text-sm text-fg hover:bg-surface-2">
                {n.label}
                {dirty.has(n.id as TSettingsSectionName) ? ' •' : ''}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-4">
        {panel(
          'school',
          <div className="space-y-6">
            {settings.data && <LogoField info={settings.data.school} />}
            {form(
              'school',
              <>
                <TextField name="name" label="Tên trường" required />
                <TextField name="address" label="Địa chỉ" multiline />
              </>,
            )}
          </div>,
          'Tên và logo hiện ở thanh bên, đầu trang và trang đăng nhập.',
        )}
        {panel(
          'calendar',
          <div className="space-y-2 text-sm">
            <p>
              Ngày nghỉ dùng khi lập khai báo giảng dạy được khai trong từng đợt khai báo, tại{' '}
              <Link className="text-primary hover:underline" to="/admin/teaching-declaration">
                Khai báo giảng dạy
              </Link>
              .
            </p>
            {s && !s.holidays.length && <p className="text-muted">Chưa có đợt khai báo nào.</p>}
            <ul className="space-y-1">
              {s?.holidays.map((p) => (
                <li key={p.periodId}>
                  <span className="font-medium">{p.label}</span>:{' '}
                  {p.holidays.length ? p.holidays.map((d) => formatDate(d)).join(', ') : 'không có ngày nghỉ'}
                </li>
              ))}
            </ul>
          </div>,
        )}
        {panel(
          'period-grid',
          <div className="space-y-2 text-sm">
            <p>
              Khung tiết của từng cơ sở do thời khóa biểu quản lý, sửa tại{' '}
              <Link className="text-primary hover:underline" to="/admin/schedule">
                Thời khóa biểu
              </Link>
              .
            </p>
            <ul className="space-y-1">
              {s?.grids.map((g) => (
                <li key={g.campusId}>
                  <span className="font-medium">{g.campusName}</span>: {g.days} ngày/tuần, {g.periods} tiết/ngày
                  {g.firstStart && g.lastEnd ? `, ${g.firstStart}–${g.lastEnd}` : ''}
                </li>
              ))}
            </ul>
          </div>,
        )}
        {panel(
          'survey-results',
          form(
            'survey-results',
            <>
              <NumberField
                name="minGroupSize"
                label="Ngưỡng ẩn danh k (số phản hồi tối thiểu)"
                required
                min={1}
                max={100}
                hint="Nhóm có ít hơn k phản hồi bị ẩn với giáo viên và tổ trưởng."
              />
              <SwitchField name="autoPublish" label="Tự động công bố kết quả khi khảo sát đã đóng và duyệt xong ý kiến" />
              <SwitchField name="restrictedFiltered" label="Giáo viên và tổ trưởng xem kết quả đã lọc" />
            </>,
          ),
        )}
        {panel(
          'text-review',
          form('text-review', <SwitchField name="autoApproveClean" label="Tự động duyệt các ý kiến không có vấn đề" />),
        )}
        {panel(
          'registration',
          form(
            'registration',
            <>
              <NumberField
                name="defaultCapacity"
                label="Sĩ số mặc định mỗi lớp"
                min={1}
                max={1000}
                hint="Để trống: theo sĩ số của lớp học phần."
              />
              <SwitchField name="waitlistByDefault" label="Bật danh sách chờ khi tạo đợt mới" />
              <NumberField name="maxClasses" label="Số lớp tối đa mỗi học sinh" min={1} max={50} hint="Để trống: không giới hạn." />
            </>,
            'Giá trị ban đầu khi tạo một đợt đăng ký mới; mỗi đợt vẫn có thể đổi.',
          ),
        )}
        {panel(
          'declarations-pay',
          <div className="space-y-2 text-sm">
            <p>
              Bộ quy định định mức:{' '}
              {s?.ruleSet ? (
                <>
                  <span className="font-medium">{s.ruleSet.name}</span> (từ {formatDate(s.ruleSet.effectiveFrom)}, {s.ruleSet.teachingWeeks}{' '}
                  tuần dạy, trần {s.ruleSet.overtimeCapPerYear} tiết thừa/năm)
                </>
              ) : (
                'chưa có'
              )}{' '}
              ·{' '}
              <Link className="text-primary hover:underline" to="/admin/teaching-declaration">
                Sửa ở Khai báo giảng dạy
              </Link>
            </p>
            <p>
              Lương cơ sở đang áp dụng:{' '}
              {s?.pay ? (
                <>
                  <span className="font-medium">{s.pay.baseSalary.toLocaleString('vi-VN')} đồng</span> (từ {formatDate(s.pay.effectiveFrom)}
                  , tiền thừa giờ {s.pay.overtimeRatePercent}%)
                </>
              ) : (
                'chưa có'
              )}{' '}
              ·{' '}
              <Link className="text-primary hover:underline" to="/accountant/coefficients">
                Cấu hình hệ số (kế toán)
              </Link>
            </p>
          </div>,
        )}
        {panel(
          'notifications',
          form(
            'notifications',
            <>
              <fieldset className="space-y-2">
                <legend className="mb-1 text-sm font-medium text-fg">Loại thông báo bật sẵn cho người dùng mới</legend>
                {NOTIFICATION_KINDS.map((k) => (
                  <SwitchField key={k} name={offName(k)} label={NOTIFICATION_KIND_LABELS[k]} />
                ))}
              </fieldset>
              <TextField
                name="emailFrom"
                label="Người gửi e-mail"
                placeholder="Phòng Giáo vụ <giaovu@truong.edu.vn>"
                hint="Để trống: dùng người gửi trong cấu hình máy chủ (SMTP_FROM)."
              />
            </>,
          ),
        )}
        {panel(
          'sign-in',
          form(
            'sign-in',
            <>
              <TextField
                name="allowedDomains"
                label="Tên miền e-mail được đăng nhập"
                multiline
                hint="Mỗi dòng một tên miền, ví dụ truong.edu.vn. Để trống: mọi tên miền (tài khoản vẫn phải có sẵn)."
              />
              <TextField
                name="adminEmails"
                label="E-mail quản trị viên"
                multiline
                hint="Mỗi dòng một e-mail; các tài khoản này luôn có quyền quản trị."
              />
            </>,
          ),
        )}
      </div>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onClose={() => {
          if (!proceeded.current && blocker.state === 'blocked') blocker.reset();
          proceeded.current = false;
        }}
        title="Rời trang khi chưa lưu?"
        message="Có phần cài đặt đã sửa mà chưa lưu. Nếu rời trang, các thay đổi này sẽ bị mất."
        confirmLabel="Rời trang"
        onConfirm={async () => {
          proceeded.current = true;
          if (blocker.state === 'blocked') blocker.proceed();
        }}
      />
    </div>
  );
}
