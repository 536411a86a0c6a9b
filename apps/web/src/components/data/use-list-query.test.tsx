import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { captureParams, mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { useListQuery } from './use-list-query';

const ZRow = z.object({ id: z.number() });

function List({ rankSearch }: { rankSearch?: boolean }) {
  const list = useListQuery({ path: '/v1/students', schema: ZRow, defaults: { sort: 'studentCode' }, rankSearch });
  return <p>sắp xếp: {list.sort ?? 'theo mức khớp'}</p>;
}

let capture: ReturnType<typeof captureParams>;
let mock: ReturnType<typeof mockApi>;
beforeEach(() => {
  capture = captureParams();
  mock = mockApi({ 'GET /v1/students': () => ok({ items: [], total: 0, page: 1, limit: 10 }) });
});
afterEach(() => {
  capture.stop();
  mock.restore();
});
const lastParams = () => capture.seen.filter((c) => c.url === '/v1/students').at(-1)?.params;

describe('useListQuery rankSearch', () => {
  it('leaves the default sort out while searching, so the server puts the best matches first', async () => {
    renderUi(<List rankSearch />, { path: '/list?search=Minh%20An' });
    expect(await screen.findByText('sắp xếp: theo mức khớp')).toBeInTheDocument();
    await waitFor(() => expect(lastParams()).toEqual({ search: 'Minh An', page: '1', limit: '10' }));
  });

  it('keeps a sort the person chose, and the default one without a search or without rankSearch', async () => {
    const { unmount } = renderUi(<List rankSearch />, { path: '/list?search=Minh&sort=fullName&order=desc' });
    await waitFor(() => expect(lastParams()).toMatchObject({ search: 'Minh', sort: 'fullName', order: 'desc' }));
    unmount();
    const second = renderUi(<List rankSearch />, { path: '/list' });
    await waitFor(() => expect(lastParams()).toMatchObject({ sort: 'studentCode' }));
    second.unmount();
    renderUi(<List />, { path: '/list?search=Minh' });
    await waitFor(() => expect(lastParams()).toMatchObject({ search: 'Minh', sort: 'studentCode' }));
  });
});
