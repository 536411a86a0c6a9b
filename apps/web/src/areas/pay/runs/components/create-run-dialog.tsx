import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { PAY_RUN_KINDS, PAY_RUN_KIND_LABELS, ZPayRunCreate, type TPayRunDetail } from '@app/shared/pay';
import { FormDialog } from '@/components/data/form-dialog';
import { SelectField, TextField } from '@/components/data/form-fields';
import { SOURCES } from '@/components/data/school-sources';
import { invalidatePaths } from '@/components/data/use-api-mutation';
import { useOptions } from '@/components/data/use-options';
import { createRun } from '../api/create-run';
import { PAY_RUNS_ROOT } from '../api/keys';
import { usePaidRuns } from '../api/list-runs';
import { runScope } from '../lib/format';

const KIND_OPTIONS = PAY_RUN_KINDS.map((k) => ({ value: k, label: PAY_RUN_KIND_LABELS[k] }));

export interface CreateRunPreset {
  kind?: 'year' | 'semester' | 'adjustment';
  academicYearId?: number;
  adjustsRunId?: number;
}

/**
 * "Tạo đợt tính": a whole year, an interim semester, or an adjustment of a paid run (its year follows
 * the run chosen). The server computes the run at once; the new run opens.
 */
export function CreateRunDialog({
  open,
  preset,
  onClose,
  onCreated,
}: {
  open: boolean;
  preset?: CreateRunPreset;
  onClose: () => void;
  onCreated: (run: TPayRunDetail) => void;
}) {
  const client = useQueryClient();
  const years = useOptions(SOURCES.years, { enabled: open });
  const paid = usePaidRuns(open);
  const paidOptions = (paid.data ?? []).map((r) => ({ value: r.id, label: r.name, hint: runScope(r) }));
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Tạo đợt tính tiền dạy thêm giờ"
      description="Đợt tính gồm các giáo viên có bản kê khai đã khóa trong kỳ; giáo viên chưa đủ điều kiện được liệt kê riêng."
      schema={ZPayRunCreate}
      submitLabel="Tạo và tính"
      initialValues={{
        kind: preset?.kind ?? 'year',
        academicYearId: preset?.academicYearId,
        semesterId: null,
        adjustsRunId: preset?.adjustsRunId ?? null,
        name: '',
      }}
      onSubmit={async (input) => {
        const res = await createRun(input);
        toast.success(res.message ?? 'Đã tạo và tính đợt thanh toán.');
        await invalidatePaths(client, [PAY_RUNS_ROOT]);
        onCreated(res.data);
      }}
    >
      {({ values, setValue }) => (
        <div className="space-y-4">
          <SelectField
            name="kind"
            label="Loại đợt tính"
            required
            options={KIND_OPTIONS}
            allowEmpty={false}
            onChanged={() => {
              setValue('semesterId', null);
              setValue('adjustsRunId', null);
            }}
          />
          {values.kind === 'adjustment' ? (
            <SelectField
              name="adjustsRunId"
              label="Đợt đã chi trả cần điều chỉnh"
              required
              emptyValue={null}
              options={paidOptions}
              placeholder={paid.isPending ? 'Đang tải...' : paidOptions.length ? '— Chọn —' : 'Chưa có đợt nào đã chi trả'}
              hint="Đợt điều chỉnh tính lại theo số liệu hiện tại và chỉ ra chênh lệch với đợt đã chi."
              onChanged={(v) => {
                const run = paid.data?.find((r) => r.id === v);
                if (run) setValue('academicYearId', run.academicYearId);
              }}
            />
          ) : null}
          <SelectField
            name="academicYearId"
            label="Năm học"
            required
            options={years.options}
            placeholder={years.isLoading ? 'Đang tải...' : '— Chọn —'}
            onChanged={() => setValue('semesterId', null)}
          />
          {values.kind === 'semester' ? <SemesterField academicYearId={values.academicYearId as number | undefined} /> : null}
          <TextField name="name" label="Tên đợt tính" hint="Để trống: tên được đặt theo loại và năm học." />
        </div>
      )}
    </FormDialog>
  );
}

function SemesterField({ academicYearId }: { academicYearId: number | undefined }) {
  const semesters = useOptions({ ...SOURCES.semesters, params: { academicYearId } }, { enabled: academicYearId !== undefined });
  return (
    <SelectField
      name="semesterId"
      label="Học kỳ tạm tính"
      required
      emptyValue={null}
      options={semesters.options}
      placeholder={academicYearId === undefined ? 'Chọn năm học trước' : semesters.isLoading ? 'Đang tải...' : '— Chọn —'}
    />
  );
}
