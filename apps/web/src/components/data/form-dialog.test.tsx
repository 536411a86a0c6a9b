import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ZAcademicYearInput, ZClassroomInput } from '@app/shared/school';
import { mockApi } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { FormDialog } from './form-dialog';
import { DateField, NumberField, SelectField, SwitchField, TextField } from './form-fields';
import { sendWrite } from './use-api-mutation';

function YearForm({ onSubmit, onClose = () => {} }: { onSubmit: (d: unknown) => Promise<unknown>; onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Mở
      </button>
      <FormDialog
        open={open}
        onClose={() => {
          setOpen(false);
          onClose();
        }}
        title="Thêm năm học"
        schema={ZAcademicYearInput}
        initialValues={{ name: '', startDate: '', endDate: '', isCurrent: false }}
        onSubmit={onSubmit}
      >
        <TextField name="name" label="Tên năm học" required />
        <DateField name="startDate" label="Ngày bắt đầu" required />
        <DateField name="endDate" label="Ngày kết thúc" required />
        <SwitchField name="isCurrent" label="Năm học hiện tại" />
      </FormDialog>
    </>
  );
}

describe('FormDialog', () => {
  it('shows the shared schema’s Vietnamese message under each field and sends nothing', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderUi(<YearForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/Ngày bắt đầu/), '01092025');
    await userEvent.type(screen.getByLabelText(/Ngày kết thúc/), '31/05/2025');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu' }));

    expect(await screen.findByText('Tên năm học là bắt buộc.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Tên năm học/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Tên năm học/)).toHaveFocus();
    // The typed digits got their slashes.
    expect(screen.getByLabelText(/Ngày bắt đầu/)).toHaveValue('01/09/2025');
    expect(onSubmit).not.toHaveBeenCalled();

    // Errors follow the typing once shown.
    await userEvent.type(screen.getByLabelText(/Tên năm học/), '2025-2026');
    expect(screen.queryByText('Tên năm học là bắt buộc.')).not.toBeInTheDocument();
    // The cross-field rule runs once the fields themselves are right.
    expect(screen.getByText('Ngày kết thúc phải sau hoặc bằng ngày bắt đầu.')).toBeInTheDocument();
  });

  it('sends dd/mm/yyyy dates as YYYY-MM-DD and closes after success', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    renderUi(<YearForm onSubmit={onSubmit} onClose={onClose} />);
    await userEvent.type(screen.getByLabelText(/Tên năm học/), '2025-2026');
    await userEvent.type(screen.getByLabelText(/Ngày bắt đầu/), '5/9/2025');
    await userEvent.type(screen.getByLabelText(/Ngày kết thúc/), '31/05/2026');
    await userEvent.click(screen.getByRole('switch', { name: 'Năm học hiện tại' }));
    await userEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '2025-2026', startDate: '2025-09-05', endDate: '2026-05-31', isCurrent: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('rejects an impossible day with a dd/mm/yyyy message', async () => {
    renderUi(<YearForm onSubmit={() => Promise.resolve()} />);
    await userEvent.type(screen.getByLabelText(/Ngày bắt đầu/), '31/02/2025');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Ngày bắt đầu phải là ngày hợp lệ (dd/mm/yyyy).')).toBeInTheDocument();
  });

  it('keeps the dialog and what was typed when the server refuses (409), and shows 400 details under fields', async () => {
    let attempt = 0;
    const mock = mockApi({
      'POST /v1/classrooms': () =>
        ++attempt === 1
          ? { status: 409, body: { success: false, code: 'CONFLICT', message: 'Mã phòng "P101" đã tồn tại ở cơ sở này.' } }
          : {
              status: 400,
              body: { success: false, code: 'VALIDATION_ERROR', message: 'Tên phòng là bắt buộc.', details: [{ path: 'body/name', message: 'Tên phòng quá ngắn.' }] },
            },
    });
    const onClose = vi.fn();
    renderUi(
      <FormDialog
        open
        onClose={onClose}
        title="Thêm phòng học"
        schema={ZClassroomInput}
        initialValues={{ code: '', name: '', capacity: 40, campusId: undefined, kind: 'standard' }}
        onSubmit={(input) => sendWrite('post', '/v1/classrooms', input)}
      >
        <SelectField name="campusId" label="Cơ sở" options={[{ value: 3, label: 'Cơ sở chính' }]} />
        <TextField name="code" label="Mã phòng" />
        <TextField name="name" label="Tên phòng" />
        <NumberField name="capacity" label="Sức chứa" />
      </FormDialog>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    // Nothing chosen: the label, not zod's "expected number".
    expect(await screen.findByText('Cơ sở là bắt buộc.')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Cơ sở'), 'Cơ sở chính');
    await userEvent.type(screen.getByLabelText('Mã phòng'), 'P101');
    await userEvent.type(screen.getByLabelText('Tên phòng'), 'Phòng 101');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Mã phòng "P101" đã tồn tại ở cơ sở này.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('Mã phòng')).toHaveValue('P101');
    expect(screen.getByLabelText('Tên phòng')).toHaveValue('Phòng 101');
    expect(screen.getByLabelText('Sức chứa')).toHaveValue(40);
    expect(screen.getByRole('button', { name: 'Lưu' })).toBeEnabled();
    expect(mock.calls[0].body).toEqual({ code: 'P101', name: 'Phòng 101', capacity: 40, campusId: 3, kind: 'standard' });

    await userEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tên phòng quá ngắn.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Tên phòng là bắt buộc.');
    expect(onClose).not.toHaveBeenCalled();

    // Escape closes without asking.
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    mock.restore();
  });
});
