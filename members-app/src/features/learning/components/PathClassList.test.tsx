import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sample } from '../../../test/fixtures/catalog.ts';
import { ok, renderAt, stubApi } from '../../../test/render.tsx';
import { PathClassList } from './PathClassList.tsx';

vi.mock('@vimeo/player', async () => ({
  default: (await import('../../../test/fake-vimeo-player.ts')).FakeVimeoPlayer,
}));

function renderList(pathId: number | null, props: { ctaTo?: string } = {}) {
  return renderAt('/', '/', <PathClassList pathId={pathId} {...props} />);
}

const twelve = Array.from({ length: 12 }, (_, index) =>
  sample.pathClass(index + 1, {
    label: `Night ${index + 1}`,
    title: `Track ${index + 1}`,
    durationMinutes: [0, 45, 60, 90][index % 4],
  }),
);

describe('Class list for a path', () => {
  it('shows a skeleton of 6 rows while loading', () => {
    stubApi({ 'GET /api/paths/10/classes': () => new Promise(() => {}) });
    renderList(10);
    expect(screen.getAllByTestId('class-skeleton-row')).toHaveLength(6);
    expect(screen.getByRole('heading', { name: 'Listen to a Class Preview' })).toBeTruthy();
  });

  it('shows at most 10 classes as "label: title" with the formatted duration, the body and the call to action', async () => {
    stubApi({
      'GET /api/paths/10/classes': ok(twelve),
      'GET /api/classes/1/details': ok(sample.classDetails({ id: 1, pathId: 10 })),
    });
    renderList(10);
    const first = await screen.findByText('Night 1: Track 1');
    const rows = within(first.closest('ul') as HTMLElement).getAllByRole('listitem');
    expect(rows.map((row) => [...row.children].map((part) => part.textContent))).toEqual([
      ['Night 1: Track 1', '0 min'],
      ['Night 2: Track 2', '45 min'],
      ['Night 3: Track 3', '1 hour'],
      ['Night 4: Track 4', '1h 30m'],
      ['Night 5: Track 5', '0 min'],
      ['Night 6: Track 6', '45 min'],
      ['Night 7: Track 7', '1 hour'],
      ['Night 8: Track 8', '1h 30m'],
      ['Night 9: Track 9', '0 min'],
      ['Night 10: Track 10', '45 min'],
    ]);
    expect(screen.queryByText(/Track 11/)).toBeNull();
    expect(screen.getByText(/One guided track a night/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: '✨ Start Reprogramming While You Sleep ✨' }).getAttribute('href'),
    ).toBe('/join-now');
    // The preview plays the first class the learner may open.
    expect((await screen.findByTestId('class-video')).querySelector('iframe')?.src).toContain(
      'player.vimeo.com/video/76979871',
    );
  });

  it('shows no list when the path has no classes', async () => {
    const { requested } = stubApi({ 'GET /api/paths/10/classes': ok([]) });
    renderList(10);
    await vi.waitFor(() => expect(requested()).toContain('GET /api/paths/10/classes'));
    await vi.waitFor(() => expect(screen.queryByTestId('class-skeleton-row')).toBeNull());
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('asks nothing without a path id', async () => {
    const { requested } = stubApi({ 'GET /api/paths/10/classes': ok([]) });
    renderList(null);
    expect(screen.queryByTestId('class-skeleton-row')).toBeNull();
    // A list with a path id, mounted after it, asks at once: had the first one asked, its call would
    // be on record before this one.
    renderList(10);
    await vi.waitFor(() => expect(requested()).toContain('GET /api/paths/10/classes'));
    expect(requested()).toEqual(['GET /api/paths/10/classes']);
  });

  it('sends its call to action where the page says', async () => {
    stubApi({ 'GET /api/paths/10/classes': ok([]) });
    renderList(10, { ctaTo: '/program/1/path/10' });
    expect(
      screen.getByRole('link', { name: '✨ Start Reprogramming While You Sleep ✨' }).getAttribute('href'),
    ).toBe('/program/1/path/10');
  });
});
