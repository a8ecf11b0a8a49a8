import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engagement, EngagementClass } from '@sleep-ritual/contracts/admin-members';
import { ok, renderAt, reply, stubApi } from '../../../test/render.tsx';
import { chartSummary, shareOfOwners } from './engagement-figures.ts';
import { EngagementScreen } from './EngagementScreen.tsx';

// jsdom has no layout: the chart measures its box through ResizeObserver, which it lacks.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

const lesson = (classId: number, fields: Partial<EngagementClass> = {}): EngagementClass => ({
  classId,
  title: `Class ${classId}`,
  label: `Night ${classId}`,
  phaseTitle: 'The Ritual',
  pathTitle: 'Six Nights',
  started: 0,
  completed: 0,
  medianPercentWatched: null,
  sleep: { answered: 0, asleepDuringPercent: null, averageQuality: null },
  ...fields,
});

const programs = [
  { id: 1, title: 'Sleep Ritual' },
  { id: 3, title: 'Full Transformation' },
];
const ritual: Engagement = {
  programs,
  program: {
    programId: 1,
    title: 'Sleep Ritual',
    owners: 4,
    classes: [
      lesson(1, {
        started: 4,
        completed: 3,
        medianPercentWatched: 92.5,
        sleep: { answered: 2, asleepDuringPercent: 50, averageQuality: 3.5 },
      }),
      lesson(2, { started: 2, completed: 1, medianPercentWatched: 40 }),
      lesson(3),
    ],
  },
};
const transformation: Engagement = {
  programs,
  program: { programId: 3, title: 'Full Transformation', owners: 0, classes: [] },
};

/** Answers GET /api/admin/engagement by its programId. */
function renderEngagement(url = '/admin/engagement') {
  const asked: (string | null)[] = [];
  stubApi({
    'GET /api/admin/engagement': ({ url: address }) => {
      const programId = new URL(address, 'http://localhost').searchParams.get('programId');
      asked.push(programId);
      if (programId === '404') return reply(404, { error: 'Program not found' });
      return ok(programId === '3' ? transformation : ritual);
    },
  });
  const view = renderAt(url, '/admin/engagement', <EngagementScreen />);
  return { asked, ...view };
}

describe('engagement page', () => {
  it('shows per class, in order, how many owners started and completed it, the median watched and the sleep check-ins', async () => {
    renderEngagement();
    const table = within(await screen.findByRole('table', { name: 'Engagement per class of Sleep Ritual' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Class',
      'Started',
      'Completed',
      'Median watched',
      'Sleep check-ins',
    ]);
    // Each part of a cell apart: the count, then its share of the owners beneath it.
    const parts = (cell: HTMLElement) => [...cell.childNodes].map((node) => node.textContent).join(' | ');
    const figures = table
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map(parts));
    expect(figures).toEqual([
      [
        '4 | 100% of owners',
        '3 | 75% of owners',
        '92.5%',
        '2 answers | 50% fell asleep during it | Sleep quality 3.5 of 5',
      ],
      ['2 | 50% of owners', '1 | 25% of owners', '40%', '– | Nobody answered'],
      ['0 | 0% of owners', '0 | 0% of owners', '– | Nobody started it', '– | Nobody answered'],
    ]);
    expect(table.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Night 1: Class 1The Ritual · Six Nights',
      'Night 2: Class 2The Ritual · Six Nights',
      'Night 3: Class 3The Ritual · Six Nights',
    ]);
    expect(screen.getByText('4 owners: members who can open this program now.')).toBeTruthy();
  });

  it('draws the drop-off chart as one image whose name says the same figures', async () => {
    renderEngagement();
    // The chart (and its charting library) loads lazily: the first import can take a while on a busy machine.
    const chart = await screen.findByRole(
      'img',
      { name: /^Owners who started and completed each class of Sleep Ritual/ },
      { timeout: 10_000 },
    );
    expect(chart.getAttribute('aria-label')).toBe(chartSummary(ritual.program!));
    expect(chart.getAttribute('aria-label')).toContain(
      'Night 1: 4 started, 3 completed; Night 2: 2 started, 1 completed; Night 3: 0 started, 0 completed.',
    );
  });

  it('switches programme from the picker, and says when a programme has no classes', async () => {
    const { asked, router } = renderEngagement();
    const picker = await screen.findByRole('combobox', { name: 'Program' });
    expect(picker).toHaveProperty('value', '1');
    fireEvent.change(picker, { target: { value: '3' } });
    expect(await screen.findByText('This program has no classes yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Full Transformation' })).toBeTruthy();
    expect(router.state.location.search).toBe('?programId=3');
    expect(asked).toEqual([null, '3']);
  });

  it("says 'Program not found' for a programme that is gone, with a way back to the first one", async () => {
    renderEngagement('/admin/engagement?programId=404');
    expect(await screen.findByRole('heading', { name: 'Program not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show the first program' }).getAttribute('href')).toBe(
      '/admin/engagement',
    );
  });
});

describe('engagement figures', () => {
  it('gives the share of the owners a count is, and none when nobody owns the programme', () => {
    expect(shareOfOwners(1, 3)).toBe('33.3% of owners');
    expect(shareOfOwners(0, 0)).toBeNull();
  });
});
