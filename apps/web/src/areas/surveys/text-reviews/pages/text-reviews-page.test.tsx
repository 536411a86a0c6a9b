import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TRole } from '@app/shared/roles';
import type { TTextReview } from '@app/shared/text-reviews';
import { makeUser } from '@/test/fixtures';
import { captureParams, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { mediaQueryList } from '@/test/setup';
import TextReviewTab from '../components/text-review-tab';
import TextReviewsPage from './text-reviews-page';

const review = (id: number, over: Partial<TTextReview> = {}): TTextReview => ({
  id,
  responseDetailId: 100 + id,
  status: 'pending',
  reason: null,
  reasonCodes: [],
  matchedSpans: [],
  reviewer: null,
  reviewedAt: null,
  decidedBy: null,
  createdAt: '2026-11-20T02:00:00Z',
  updatedAt: '2026-11-20T02:00:00Z',
  text: 'Cô dạy rất hay',
  isOther: false,
  question: { id: 7, content: 'Em có góp ý gì cho giáo viên?', questionType: 'long_text' },
  survey: { id: 5, title: 'Khảo sát môn Toán HK1' },
  module: { id: 3, code: '2026-HK1-M2' },
  courseClass: { id: 9, name: 'Toán 10A1' },
  teacherNames: ['Nguyễn Thị Lan'],
  submittedAt: '2026-11-20T02:00:00Z',
  ...over,
});
const RUDE = review(1, {
  text: 'Thầy dạy như cc, gọi 0912345678',
  reasonCodes: [
    { code: 'profanity', text: 'Ngôn từ thô tục' },
    { code: 'phone', text: 'Có số điện thoại' },
  ],
  matchedSpans: [
    { code: 'profanity', start: 13, end: 15 },
    { code: 'phone', start: 21, end: 31 },
  ],
  reviewedAt: '2026-11-20T03:00:00Z',
  decidedBy: 'auto',
});
const CLEAN = review(2);
const COUNTS = { pending: 2, approved: 5, rejected: 1, byReason: { profanity: 1, phone: 1 } };

let mock: ReturnType<typeof mockApi>;
let capture: ReturnType<typeof captureParams>;
afterEach(() => {
  mock?.restore();
  capture?.stop();
});

function renderPage(roles: TRole[] = ['QUALITY_ASSURANCE'], api: MockRoutes = {}, ui = <TextReviewsPage />) {
  capture = captureParams();
  mock = mockApi({
    'GET /v1/surveys/responses/reviews': () => ok({ items: [RUDE, CLEAN], total: 2, page: 1, limit: 10 }),
    'GET /v1/surveys/responses/reviews/counts': () => ok(COUNTS),
    'GET /v1/surveys/responses/review-settings': () => ok({ autoApproveClean: true }),
    'GET /v1/academic-years/modules': () => ok({ items: [], total: 0, page: 1, limit: 100 }),
    'GET /v1/surveys': () =>
      ok({
        items: [{ id: 5, title: 'Khảo sát môn Toán HK1', moduleCode: '2026-HK1-M2' }].map((s) => ({
          ...s,
          description: null,
          coverImageUrl: null,
          surveyType: 'SUBJECT_SPECIFIC',
          status: 'active',
          startDate: '2026-11-16',
          endDate: '2026-12-06',
          allowedGrades: [10],
          moduleId: 3,
          subjectId: 1,
          subjectName: 'Toán',
          isTemplate: false,
          autoCalculate: false,
          questionCount: 3,
          responseCount: 0,
          createdAt: '2026-11-01T00:00:00Z',
          updatedAt: '2026-11-01T00:00:00Z',
        })),
        total: 1,
        page: 1,
        limit: 100,
      }),
    'POST /v1/surveys/responses/reviews/bulk': (req) => ok({ updated: (req.body as { ids: number[] }).ids.length }, 'Đã cập nhật.'),
    ...api,
  });
  return renderUi(ui, { path: '/quality/text-reviews', auth: makeUser(roles) });
}
const lastListParams = () => capture.seen.filter((s) => s.url === '/v1/surveys/responses/reviews').at(-1)?.params;
const bulkCalls = () => mock.calls.filter((c) => c.method === 'POST' && c.url === '/v1/surveys/responses/reviews/bulk');

// Role queries over a full page are slow in jsdom on a busy 2-core machine; the time limit is not what is tested.
describe('/quality/text-reviews', { timeout: 20_000 }, () => {
  it('shows pending texts with the flagged parts marked, the question, survey and class, never the student', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Danh sách ý kiến cần duyệt' });
    await waitFor(() => expect(document.querySelectorAll('tbody mark')).toHaveLength(2));
    const marks = document.querySelectorAll('tbody mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['cc', '0912345678']);
    expect(marks[0]).toHaveAttribute('title', 'Ngôn từ thô tục');
    const row = marks[0].closest('tr')!;
    expect(row).toHaveTextContent('Em có góp ý gì cho giáo viên?');
    expect(row).toHaveTextContent('Khảo sát môn Toán HK1');
    expect(row).toHaveTextContent('Toán 10A1');
    expect(row).toHaveTextContent('Tự động');
    expect(await screen.findByRole('button', { name: 'Chờ duyệt (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(lastListParams()).toMatchObject({ status: 'pending', sort: 'submittedAt', order: 'asc' });
    expect(document.body).not.toHaveTextContent(/học sinh:/i);
  });

  it('a phone card shows ADMIN when the text was sent, with the row actions', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = (query: string) => mediaQueryList(query, false);
    try {
      renderPage(['ADMIN']);
      const list = await screen.findByRole('list', { name: 'Danh sách ý kiến cần duyệt' });
      const card = within(list).getAllByRole('listitem')[0];
      expect(card).toHaveTextContent('Ngày gửi20/11/2026');
      expect(within(card).getByRole('button', { name: 'Từ chối ý kiến #1' })).toBeInTheDocument();
    } finally {
      window.matchMedia = desktop;
    }
  });

  it('quality assurance gets the texts without when (issue 11): no sent date column, no times on the phone card', async () => {
    const noWhen = (r: TTextReview): TTextReview => ({
      ...r,
      submittedAt: null,
      createdAt: null,
      updatedAt: null,
      reviewedAt: r.decidedBy === 'person' ? r.reviewedAt : null,
    });
    const api: MockRoutes = {
      'GET /v1/surveys/responses/reviews': () => ok({ items: [RUDE, CLEAN].map(noWhen), total: 2, page: 1, limit: 10 }),
    };
    renderPage(['QUALITY_ASSURANCE'], api);
    const table = await screen.findByRole('table', { name: 'Danh sách ý kiến cần duyệt' });
    await within(table).findByRole('checkbox', { name: 'Chọn ý kiến #1' });
    expect(within(table).queryByRole('columnheader', { name: /Ngày gửi/ })).toBeNull();
    expect(table).not.toHaveTextContent('20/11/2026');
    expect(table).toHaveTextContent('Tự động');
    mock.restore();
    capture.stop();

    const desktop = window.matchMedia;
    window.matchMedia = (query: string) => mediaQueryList(query, false);
    try {
      renderPage(['QUALITY_ASSURANCE'], api);
      const list = await screen.findByRole('list', { name: 'Danh sách ý kiến cần duyệt' });
      const card = within(list).getAllByRole('listitem')[0];
      expect(within(card).getByRole('button', { name: 'Từ chối ý kiến #1' })).toBeInTheDocument();
      expect(card).not.toHaveTextContent('Ngày gửi');
      expect(card).not.toHaveTextContent('20/11/2026');
    } finally {
      window.matchMedia = desktop;
    }
  });

  it('approves one text at once and many after a confirmation', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Duyệt ý kiến #2' }));
    await waitFor(() => expect(bulkCalls()).toHaveLength(1));
    expect(bulkCalls()[0].body).toEqual({ ids: [2], status: 'approved' });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Chọn tất cả trên trang' }));
    expect(screen.getByText('Đã chọn 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Duyệt đã chọn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duyệt 2 ý kiến đã chọn?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Duyệt' }));
    await waitFor(() => expect(bulkCalls()).toHaveLength(2));
    expect(bulkCalls()[1].body).toEqual({ ids: [1, 2], status: 'approved' });
  });

  it('rejects the selected texts with a reason, prefilled from the flagged reasons and required', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Chọn ý kiến #1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Từ chối đã chọn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Từ chối ý kiến' });
    const reason = within(dialog).getByLabelText(/Lý do từ chối/);
    expect(reason).toHaveValue('Ngôn từ thô tục, Có số điện thoại');
    await userEvent.clear(reason);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Từ chối' }));
    expect(await within(dialog).findByText('Lý do từ chối là bắt buộc.')).toBeInTheDocument();
    expect(bulkCalls()).toHaveLength(0);
    await userEvent.type(reason, 'Thô tục');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Từ chối' }));
    await waitFor(() => expect(bulkCalls()).toHaveLength(1));
    expect(bulkCalls()[0].body).toEqual({ ids: [1], status: 'rejected', reason: 'Thô tục' });
  });

  it('filters by status, reason and survey; runs the auto-review for the chosen survey', async () => {
    renderPage(['QUALITY_ASSURANCE'], {
      'POST /v1/surveys/5/auto-review-text-responses': () =>
        ok(
          { checked: 2, flagged: 1, approved: 1, pending: 1, skipped: 0, changed: 2 },
          'Đã kiểm duyệt tự động 2 ý kiến: 1 cần xem lại, 1 được duyệt.',
        ),
    });
    await screen.findByRole('checkbox', { name: 'Chọn ý kiến #1' });
    const run = screen.getByRole('button', { name: 'Chạy kiểm duyệt tự động' });
    expect(run).toBeDisabled();
    await userEvent.click(await screen.findByRole('button', { name: 'Đã duyệt (5)' }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ status: 'approved' }));
    await userEvent.selectOptions(screen.getByLabelText('Lý do'), 'Ngôn từ thô tục (1)');
    await waitFor(() => expect(lastListParams()).toMatchObject({ reason: 'profanity' }));
    await userEvent.selectOptions(screen.getByLabelText('Khảo sát'), 'Khảo sát môn Toán HK1 (2026-HK1-M2)');
    await waitFor(() => expect(lastListParams()).toMatchObject({ surveyId: '5' }));
    await userEvent.click(run);
    const dialog = await screen.findByRole('dialog', { name: 'Chạy kiểm duyệt tự động?' });
    expect(dialog).toHaveTextContent('Khảo sát môn Toán HK1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chạy' }));
    expect(await screen.findByText('Đã kiểm duyệt tự động 2 ý kiến: 1 cần xem lại, 1 được duyệt.')).toBeInTheDocument();
  });

  it('lets ADMIN switch auto-approve; QUALITY_ASSURANCE only reads it', async () => {
    renderPage(['QUALITY_ASSURANCE']);
    expect(await screen.findByText('Ý kiến không vi phạm được duyệt tự động.')).toBeInTheDocument();
    mock.restore();
    capture.stop();
    document.body.innerHTML = '';
    const put = vi.fn();
    renderPage(['ADMIN'], {
      'PUT /v1/surveys/responses/review-settings': (req) => (put(req.body), ok(req.body, 'Đã lưu cài đặt kiểm duyệt.')),
    });
    const toggle = await screen.findByRole('switch', { name: 'Tự động duyệt ý kiến không vi phạm' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    await waitFor(() => expect(put).toHaveBeenCalledWith({ autoApproveClean: false }));
  });

  it('the survey tab shows that survey only, without a survey filter', async () => {
    renderPage(['ADMIN'], {}, <TextReviewTab surveyId={5} survey={null} />);
    await screen.findByRole('table');
    expect(lastListParams()).toMatchObject({ surveyId: '5', status: 'pending' });
    expect(screen.queryByLabelText('Khảo sát')).toBeNull();
    expect(screen.getByRole('button', { name: 'Chạy kiểm duyệt tự động' })).toBeEnabled();
  });
});
