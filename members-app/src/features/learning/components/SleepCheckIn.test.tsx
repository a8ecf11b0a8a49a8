import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SleepCheckIns } from '@sleep-ritual/contracts/sleep-check-ins';
import { sample } from '../../../test/fixtures/catalog.ts';
import { ok, stubApi } from '../../../test/render.tsx';
import { renderLearning } from './test-routes.tsx';

const night = { classId: 102, programId: 1, label: 'Night 2', title: 'The Breath That Slows the Heart' };
/** Last night at 22:10 on the learner's clock; "now" is set per test. */
const lastNight = new Date(2026, 10, 24, 22, 10);

function renderWith(checkIns: SleepCheckIns) {
  const answers: unknown[] = [];
  let current = checkIns;
  stubApi({
    'GET /api/programs': ok([sample.program()]),
    'GET /api/my-programs': ok([sample.program()]),
    'GET /api/my-programs/tonight': ok([]),
    'GET /api/progress/check-ins': () => ok(current),
    'PUT /api/progress/102/check-in': (request) => {
      const body = JSON.parse(String(request.body)) as { answer: 'during'; quality?: number };
      answers.push(body);
      const answered = {
        ...night,
        answer: body.answer,
        quality: body.quality ?? null,
        answeredAt: new Date().toISOString(),
      };
      current = { pending: null, answers: [answered] };
      return ok(answered);
    },
  });
  renderLearning('/my-programs');
  return { answers };
}

const pending = (): SleepCheckIns => ({
  pending: { ...night, listenedAt: lastNight.toISOString() },
  answers: [],
});

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('the morning check-in on My programs', () => {
  it('the next morning asks about the night by name; one tap answers, the quality follows, and the card closes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 25, 7, 30) });
    const { answers } = renderWith(pending());
    const heading = await screen.findByRole('heading', {
      name: 'How did you sleep after Night 2 – The Breath That Slows the Heart?',
    });
    expect(heading).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fell asleep during it' }));
    // The next question takes the focus of the answer's button, which is gone.
    const quality = await screen.findByRole('heading', { name: 'Thank you. How well did you sleep?' });
    await waitFor(() => expect(document.activeElement).toBe(quality));
    fireEvent.click(screen.getByRole('button', { name: '4 of 5: Well' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /How well did you sleep/ })).toBeNull());
    expect(answers).toEqual([{ answer: 'during' }, { answer: 'during', quality: 4 }]);
    // The small chart shows the night answered.
    expect(
      await screen.findByText(
        'Night 2 – The Breath That Slows the Heart: Fell asleep during it, slept 4 of 5',
      ),
    ).toBeTruthy();
  });

  it('left open overnight, asks in the morning as soon as the phone is unlocked, about the night heard since', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 24, 21, 30) });
    let checkIns: SleepCheckIns = { pending: null, answers: [] };
    stubApi({
      'GET /api/programs': ok([sample.program()]),
      'GET /api/my-programs': ok([sample.program()]),
      'GET /api/my-programs/tonight': ok([]),
      'GET /api/progress/check-ins': () => ok(checkIns),
    });
    renderLearning('/my-programs');
    await screen.findByRole('button', { name: 'Open Sleep Ritual' });
    expect(screen.queryByRole('heading', { name: /How did you sleep/ })).toBeNull();

    // Night 2 is heard at 22:10 (from another screen), the phone locks, and is unlocked at 07:30.
    checkIns = pending();
    vi.setSystemTime(new Date(2026, 10, 25, 7, 30));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('heading', { name: /How did you sleep after Night 2/ })).toBeTruthy();

    // Put off that morning, the page still open, Night 3 heard that evening: the next morning asks again.
    // The card goes with the focused "Not now": the screen's heading takes the focus.
    const notNow = screen.getByRole('button', { name: 'Not now' });
    notNow.focus();
    fireEvent.click(notNow);
    expect(screen.queryByRole('heading', { name: /How did you sleep/ })).toBeNull();
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
    checkIns = {
      pending: {
        ...night,
        classId: 103,
        label: 'Night 3',
        title: 'Softening the Body',
        listenedAt: new Date(2026, 10, 25, 22, 5).toISOString(),
      },
      answers: [],
    };
    vi.setSystemTime(new Date(2026, 10, 26, 7, 15));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('heading', { name: /How did you sleep after Night 3/ })).toBeTruthy();
  });

  it('is not asked the same night, and "Not now" hides it until tomorrow', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 25, 0, 40) });
    const first = renderLearningOnce(pending());
    await screen.findByRole('button', { name: 'Open Sleep Ritual' });
    expect(screen.queryByRole('heading', { name: /How did you sleep/ })).toBeNull();
    first.unmount();

    vi.setSystemTime(new Date(2026, 10, 25, 8, 0));
    const morning = renderLearningOnce(pending());
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('heading', { name: /How did you sleep/ })).toBeNull();
    morning.unmount();

    vi.setSystemTime(new Date(2026, 10, 25, 13, 0));
    const noon = renderLearningOnce(pending());
    await screen.findByRole('button', { name: 'Open Sleep Ritual' });
    expect(screen.queryByRole('heading', { name: /How did you sleep/ })).toBeNull();
    noon.unmount();

    vi.setSystemTime(new Date(2026, 10, 26, 7, 0));
    renderLearningOnce(pending());
    expect(await screen.findByRole('heading', { name: /How did you sleep after Night 2/ })).toBeTruthy();
  });
});

function renderLearningOnce(checkIns: SleepCheckIns) {
  stubApi({
    'GET /api/programs': ok([sample.program()]),
    'GET /api/my-programs': ok([sample.program()]),
    'GET /api/my-programs/tonight': ok([]),
    'GET /api/progress/check-ins': ok(checkIns),
  });
  return renderLearning('/my-programs');
}
