import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render-app';
import { UrlTabs } from './url-tabs';

const LABELS = ['Tổng quan', 'Xây dựng', 'Tiến độ', 'Kết quả', 'Duyệt ý kiến', 'Chủ đề ý kiến', 'Cài đặt'];
const TABS = LABELS.map((label, i) => ({ key: `t${i}`, label, content: <p>Nội dung {label}</p> }));
const TAB_WIDTH = 100;
const VIEW = 300;

/**
 * jsdom lays nothing out: give the bar a 300 px view over 7 tabs of 100 px, each tab's box following
 * the bar's scrollLeft, as a 360 px phone would.
 */
function layOut() {
  const bar = screen.getByRole('tablist').parentElement!;
  let left = 0;
  Object.defineProperty(bar, 'clientWidth', { configurable: true, get: () => VIEW });
  Object.defineProperty(bar, 'scrollWidth', { configurable: true, get: () => TAB_WIDTH * TABS.length });
  Object.defineProperty(bar, 'scrollLeft', {
    configurable: true,
    get: () => left,
    set: (v: number) => (left = Math.max(0, Math.min(v, TAB_WIDTH * TABS.length - VIEW))),
  });
  bar.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: VIEW, height: 40 });
  screen.getAllByRole('tab').forEach((tab, i) => {
    tab.getBoundingClientRect = () => DOMRect.fromRect({ x: i * TAB_WIDTH - left, y: 0, width: TAB_WIDTH, height: 40 });
  });
  const scrollTo = (v: number) => {
    bar.scrollLeft = v;
    fireEvent.scroll(bar);
  };
  return { bar, at: () => left, scrollTo };
}

const hint = () => screen.getByRole('tablist').parentElement!.parentElement!.getAttribute('data-overflow');

afterEach(() => vi.restoreAllMocks());

describe('UrlTabs on a narrow screen', () => {
  it('shows a hint at each edge with tabs behind it, and the chevron scrolls one view on', async () => {
    renderUi(<UrlTabs tabs={TABS} label="Khảo sát" />);
    const { bar, scrollTo } = layOut();
    fireEvent.scroll(bar);
    expect(hint()).toBe('end');
    expect(screen.getByTestId('scroll-hint-end')).toBeInTheDocument();
    expect(screen.queryByTestId('scroll-hint-start')).toBeNull();

    scrollTo(200);
    expect(hint()).toBe('start end');
    scrollTo(400);
    expect(hint()).toBe('start');

    const scrollBy = vi.fn();
    bar.scrollBy = scrollBy as typeof bar.scrollBy;
    await userEvent.click(screen.getByTestId('scroll-hint-start'));
    expect(scrollBy).toHaveBeenCalledWith({ left: -VIEW * 0.7, behavior: 'smooth' });
  });

  it('shows no hint when every tab fits', () => {
    renderUi(<UrlTabs tabs={TABS.slice(0, 2)} label="Khảo sát" />);
    expect(hint()).toBe('none');
  });

  it('the arrow keys choose tabs and the chosen tab is scrolled into view, the page not', async () => {
    const pageScroll = vi.spyOn(window, 'scrollTo');
    const { router } = renderUi(<UrlTabs tabs={TABS} label="Khảo sát" />);
    const view = layOut();
    const tabs = screen.getAllByRole('tab');
    await userEvent.click(tabs[1]);
    for (let i = 2; i <= 5; i++) await userEvent.keyboard('{ArrowRight}');
    expect(tabs[5]).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=t5');
    expect(screen.getByText('Nội dung Chủ đề ý kiến')).toBeInTheDocument();
    // Tab 6 spans 500–600 px: its right edge sits 40 px inside the view's right edge (the fade's room).
    expect(view.at()).toBe(600 + 40 - VIEW);
    expect(within(screen.getByRole('tablist')).getByRole('tab', { selected: true })).toBe(tabs[5]);
    await userEvent.keyboard('{Home}');
    expect(view.at()).toBe(0);
    expect(pageScroll).not.toHaveBeenCalled();
  });
});
