import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.test-utils';
import { captureDownloads } from '../features/downtime/downtime.test-utils';
import { ApiError } from '../api/http';
import { ExportMenu } from './ExportMenu';
import { exportAs } from '../test/exports.test-utils';

afterEach(() => vi.restoreAllMocks());

describe("a list's 'Export' menu", { timeout: 30_000 }, () => {
  it('asks for the chosen format and saves the file under the fallback name when the answer has none', async () => {
    const saved = captureDownloads();
    const formats: string[] = [];
    const user = userEvent.setup();
    renderWithProviders(
      <ExportMenu pending={false} fallbackName={(format) => `list.${format}`} run={(format) => (formats.push(format), Promise.resolve(new Blob(['x'])))} />,
    );
    await exportAs(user, 'Excel');
    await waitFor(() => expect(saved).toEqual(['list.xlsx']));
    await exportAs(user, 'CSV');
    await waitFor(() => expect(saved).toEqual(['list.xlsx', 'list.csv']));
    expect(formats).toEqual(['xlsx', 'csv']);
  });

  it('shows that the file is being made', () => {
    renderWithProviders(<ExportMenu pending fallbackName={() => 'x'} run={() => Promise.resolve(new Blob())} />);
    expect(screen.getByRole('button', { name: 'Export' })).toHaveAttribute('data-loading', 'true');
  });

  it("says why an export failed, in the server's words, and saves nothing", async () => {
    const saved = captureDownloads();
    const user = userEvent.setup();
    const refusal = new ApiError(400, { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'An export carries at most 100000 rows.' });
    renderWithProviders(<ExportMenu pending={false} fallbackName={() => 'x'} run={() => Promise.reject(refusal)} />);
    await exportAs(user, 'CSV');
    expect(await screen.findByText('An export carries at most 100000 rows.')).toBeInTheDocument();
    expect(screen.getByText('Export failed')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
