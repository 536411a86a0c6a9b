import { useMemo } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { GRADES, ZRoundInput, type TRoundDetail } from '@app/shared/registration';
import type { TCourseClass } from '@app/shared/school';
import { useFormContext } from '@/components/data/form-context';
import { DateField, FieldShell, inputClass, NumberField, SwitchField, TextField } from '@/components/data/form-fields';
import { FormDialog } from '@/components/data/form-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useRegistrationDefaults } from '@/areas/settings/public';
import { emptyRoundValues, nextGroupKey, roundInput, roundValues, type GroupRow, type OfferRow } from '../lib/round-form';

/**
 * Create or edit a round of the module: name, opening and closing moments (date + time, school time),
 * grades, rules, the elective groups ("chọn k") and the classes offered, each compulsory or in a group,
 * with its own capacity if the class's is not wanted. The shared ZRoundInput checks it all before sending.
 */
export function RoundFormDialog({
  open,
  onClose,
  moduleId,
  round,
  classes,
  classesError,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  moduleId: number;
  /** The round being edited; null for a new one. */
  round: TRoundDetail | null;
  classes: readonly TCourseClass[];
  /** The module's classes could not be read: said in place of the list. */
  classesError?: unknown;
  onSubmit: (input: ReturnType<typeof roundInput>) => Promise<unknown>;
}) {
  const capacityOf = useMemo(() => new Map(classes.map((c) => [c.id, c.capacity])), [classes]);
  // Read while the page is open, so a new round starts from the school's defaults (/admin/settings).
  const defaults = useRegistrationDefaults();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={round ? `Sửa đợt “${round.name}”` : 'Tạo đợt đăng ký'}
      schema={ZRoundInput}
      size="xl"
      initialValues={round ? roundValues(round, (id) => capacityOf.get(id)) : emptyRoundValues(undefined, defaults)}
      toInput={(v) => roundInput(moduleId, v)}
      onSubmit={(input) => onSubmit(input)}
      submitLabel={round ? 'Lưu' : 'Tạo đợt'}
    >
      <TextField name="name" label="Tên đợt" required autoFocus placeholder="Đăng ký học phần HK1 – khối 10" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Moment prefix="opens" label="Mở lúc" error="opensAt" />
        <Moment prefix="closes" label="Đóng lúc" error="closesAt" />
      </div>
      <Grades />
      <div className="grid gap-4 sm:grid-cols-3">
        <NumberField name="maxClasses" label="Số lớp tối đa" min={1} max={50} hint="Để trống: không giới hạn." />
        <SwitchField name="noClash" label="Không cho trùng lịch" />
        <SwitchField name="waitlist" label="Có danh sách chờ" />
      </div>
      <Groups />
      <Offers classes={classes} error={classesError} newCapacity={defaults?.defaultCapacity ?? ''} />
    </FormDialog>
  );
}

/** A date (dd/mm/yyyy) and a time (HH:mm); the error is the moment's ("Thời điểm đóng phải sau thời điểm mở."). */
function Moment({ prefix, label, error }: { prefix: 'opens' | 'closes'; label: string; error: 'opensAt' | 'closesAt' }) {
  const f = useFormContext();
  const id = `${f.formId}-${prefix}Time`;
  const message = f.errors[error];
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-fg">
        {label}{' '}
        <span className="text-danger" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="grid grid-cols-[1fr_7rem] gap-2">
        <DateField name={`${prefix}Date`} label={`Ngày ${label.toLowerCase()}`} />
        <FieldShell id={id} label={`Giờ ${label.toLowerCase()}`}>
          <input
            id={id}
            type="time"
            value={String(f.values[`${prefix}Time`] ?? '')}
            disabled={f.disabled}
            onChange={(e) => f.setValue(`${prefix}Time`, e.target.value)}
            className={`${inputClass} border-border`}
          />
        </FieldShell>
      </div>
      {message ? (
        <p className="text-xs font-medium text-danger" role="alert">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

function Grades() {
  const f = useFormContext();
  const grades = (f.values.grades as number[]) ?? [];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-fg">
        Khối{' '}
        <span className="text-danger" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="mt-1.5 flex flex-wrap gap-4">
        {GRADES.map((g) => (
          <label key={g} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={grades.includes(g)}
              disabled={f.disabled}
              onChange={(e) => f.setValue('grades', e.target.checked ? [...grades, g].sort() : grades.filter((x) => x !== g))}
            />
            Khối {g}
          </label>
        ))}
      </div>
      {f.errors.grades ? <p className="mt-1 text-xs font-medium text-danger">{f.errors.grades}</p> : null}
    </fieldset>
  );
}

function Groups() {
  const f = useFormContext();
  const groups = (f.values.groups as GroupRow[]) ?? [];
  const offers = (f.values.offers as OfferRow[]) ?? [];
  const set = (next: GroupRow[]) => f.setValue('groups', next);
  const remove = (key: string) => {
    set(groups.filter((g) => g.key !== key));
    f.setValue(
      'offers',
      offers.map((o) => (o.groupKey === key ? { ...o, groupKey: null } : o)),
    );
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-fg">Nhóm tự chọn (chọn k lớp trong nhóm)</legend>
      {groups.length === 0 ? <p className="text-xs text-muted">Chưa có nhóm tự chọn.</p> : null}
      {groups.map((g, i) => (
        <div key={g.key} className="grid grid-cols-[1fr_6rem_auto] items-end gap-2">
          <label className="text-xs text-muted">
            Tên nhóm {g.key}
            <input
              className={`${inputClass} border-border`}
              value={g.name}
              disabled={f.disabled}
              onChange={(e) => set(groups.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            />
          </label>
          <label className="text-xs text-muted">
            Chọn k
            <input
              type="number"
              min={1}
              max={20}
              className={`${inputClass} border-border`}
              value={g.choose}
              disabled={f.disabled}
              onChange={(e) =>
                set(groups.map((x, j) => (j === i ? { ...x, choose: e.target.value === '' ? '' : Number(e.target.value) } : x)))
              }
            />
          </label>
          <Button variant="ghost" onClick={() => remove(g.key)} disabled={f.disabled} aria-label={`Xóa nhóm ${g.name || g.key}`}>
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ))}
      {f.errors.groups ? <p className="text-xs font-medium text-danger">{f.errors.groups}</p> : null}
      <Button
        variant="secondary"
        onClick={() => set([...groups, { key: nextGroupKey(groups), name: '', choose: 1 }])}
        disabled={f.disabled}
      >
        <Plus aria-hidden="true" className="size-4" />
        Thêm nhóm tự chọn
      </Button>
    </fieldset>
  );
}

/** `newCapacity`: the seats a class gets when ticked (the settings page's default; '' = the class's own). */
function Offers({ classes, error, newCapacity }: { classes: readonly TCourseClass[]; error?: unknown; newCapacity: number | '' }) {
  const f = useFormContext();
  const offers = (f.values.offers as OfferRow[]) ?? [];
  const groups = (f.values.groups as GroupRow[]) ?? [];
  const picked = new Map(offers.map((o) => [o.courseClassId, o]));
  const set = (next: OfferRow[]) => f.setValue('offers', next);
  const patch = (id: number, change: Partial<OfferRow>) => set(offers.map((o) => (o.courseClassId === id ? { ...o, ...change } : o)));
  const toggle = (id: number, on: boolean) =>
    set(
      on
        ? [...offers, { courseClassId: id, compulsory: false, capacity: newCapacity, groupKey: null }]
        : offers.filter((o) => o.courseClassId !== id),
    );
  const allOn = classes.length > 0 && classes.every((c) => picked.has(c.id));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-fg">
        Lớp học phần mở đăng ký{' '}
        <span className="text-danger" aria-hidden="true">
          *
        </span>
        <span className="ml-2 font-normal text-muted">
          (đã chọn {offers.length}/{classes.length})
        </span>
      </legend>
      {f.errors.offers ? (
        <p className="text-xs font-medium text-danger" role="alert">
          {f.errors.offers}
        </p>
      ) : null}
      {classes.length === 0 ? (
        <p className={`text-sm ${error ? 'text-danger' : 'text-muted'}`}>
          {error
            ? errorMessage(error, 'Không thể tải lớp học phần của học phần. Hãy đóng và mở lại hộp thoại.')
            : 'Học phần chưa có lớp học phần nào.'}
        </p>
      ) : (
        <>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={allOn}
              disabled={f.disabled}
              onChange={(e) =>
                set(
                  e.target.checked
                    ? [
                        ...offers,
                        ...classes
                          .filter((c) => !picked.has(c.id))
                          .map((c): OfferRow => ({ courseClassId: c.id, compulsory: false, capacity: newCapacity, groupKey: null })),
                      ]
                    : [],
                )
              }
            />
            Chọn tất cả
          </label>
          <ul className="max-h-80 divide-y divide-border overflow-y-auto rounded-lg border border-border">
            {classes.map((c) => {
              const o = picked.get(c.id);
              return (
                <li key={c.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-2 text-sm">
                  <label className="flex min-w-48 flex-1 items-center gap-2">
                    <input type="checkbox" checked={!!o} disabled={f.disabled} onChange={(e) => toggle(c.id, e.target.checked)} />
                    <span>
                      <span className="font-medium">{c.code}</span> · {c.name}
                      <span className="block text-xs text-muted">
                        {c.subjectName} · khối {c.grade} · {c.campusName} · sức chứa {c.capacity}
                      </span>
                    </span>
                  </label>
                  {o ? (
                    <div className="flex flex-wrap items-center gap-3">
                      <label className="flex items-center gap-1.5 text-xs">
                        <input
                          type="checkbox"
                          checked={o.compulsory}
                          disabled={f.disabled}
                          onChange={(e) => patch(c.id, { compulsory: e.target.checked, groupKey: e.target.checked ? null : o.groupKey })}
                        />
                        Bắt buộc
                      </label>
                      <label className="flex items-center gap-1.5 text-xs">
                        Sức chứa
                        <input
                          type="number"
                          min={1}
                          className={`${inputClass} w-20 border-border py-1`}
                          placeholder={String(c.capacity)}
                          value={o.capacity}
                          disabled={f.disabled}
                          aria-label={`Sức chứa ${c.code}`}
                          onChange={(e) => patch(c.id, { capacity: e.target.value === '' ? '' : Number(e.target.value) })}
                        />
                      </label>
                      <label className="flex items-center gap-1.5 text-xs">
                        Nhóm
                        <select
                          className={`${inputClass} w-36 border-border py-1`}
                          value={o.groupKey ?? ''}
                          disabled={f.disabled || o.compulsory || groups.length === 0}
                          aria-label={`Nhóm tự chọn của ${c.code}`}
                          onChange={(e) => patch(c.id, { groupKey: e.target.value || null })}
                        >
                          <option value="">— Không —</option>
                          {groups.map((g) => (
                            <option key={g.key} value={g.key}>
                              {g.name || `Nhóm ${g.key}`}
                            </option>
                          ))}
                        </select>
                      </label>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </fieldset>
  );
}
