import { describe, expect, it, vi } from 'vitest';
import {
  countdownKey,
  countdownParts,
  countdownStep,
  resolveEndTime,
  saleIsOn,
  secondsUntil,
  startEndTime,
} from '../src/islands/countdown-clock.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    store: () => ({
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    }),
  };
}

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 0, 1, 12);

describe('the countdown clock', () => {
  it('keys the stored end time by a versioned prefix and the duration', () => {
    expect(countdownKey(14_400)).toBe('countdown:v1:14400');
    expect(countdownKey(3_600)).not.toBe(countdownKey(14_400));
  });

  it('reuses a stored end time that is still in the future', () => {
    const storage = memoryStorage({ 'countdown:v1:14400': String(NOW + HOUR) });
    expect(resolveEndTime(14_400, NOW, storage.store)).toBe(NOW + HOUR);
  });

  it('starts and stores a new four-hour period when the stored end time has passed', () => {
    const storage = memoryStorage({ 'countdown:v1:14400': String(NOW - 1) });
    expect(resolveEndTime(14_400, NOW, storage.store)).toBe(NOW + 4 * HOUR);
    expect(storage.items.get('countdown:v1:14400')).toBe(String(NOW + 4 * HOUR));
  });

  it('starts a new period when nothing or garbage is stored', () => {
    expect(resolveEndTime(14_400, NOW, memoryStorage().store)).toBe(NOW + 4 * HOUR);
    expect(resolveEndTime(14_400, NOW, memoryStorage({ 'countdown:v1:14400': 'soon' }).store)).toBe(
      NOW + 4 * HOUR,
    );
  });

  it('warns and counts from now in memory when storage throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = () => {
      throw new Error('SecurityError: storage is blocked');
    };
    // Reading fails, then storing the fresh end time fails: one warning each.
    expect(resolveEndTime(14_400, NOW, broken)).toBe(NOW + 4 * HOUR);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(startEndTime(14_400, NOW, broken)).toBe(NOW + 4 * HOUR);
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it('shows days, hours, minutes and seconds with two digits each', () => {
    expect(countdownParts(14_400)).toEqual({ days: '00', hours: '04', minutes: '00', seconds: '00' });
    expect(countdownParts(86_400 + 3_600 * 3 + 60 * 7 + 9)).toEqual({
      days: '01',
      hours: '03',
      minutes: '07',
      seconds: '09',
    });
    expect(countdownParts(-5)).toEqual({ days: '00', hours: '00', minutes: '00', seconds: '00' });
  });

  it('counts whole seconds left and never below zero', () => {
    expect(secondsUntil(NOW + 1_500, NOW)).toBe(2);
    expect(secondsUntil(NOW - 1_000, NOW)).toBe(0);
  });
});

describe('one tick of the sale countdown', () => {
  it('counts down while the end is ahead, whether it loops or not', () => {
    expect(countdownStep(NOW + 90_000, NOW, 14_400, memoryStorage().store)).toEqual({
      endTime: NOW + 90_000,
      secondsLeft: 90,
      outcome: 'counting',
    });
    expect(countdownStep(NOW + 90_000, NOW, undefined)).toEqual({
      endTime: NOW + 90_000,
      secondsLeft: 90,
      outcome: 'counting',
    });
  });

  it('without a real end, starts and stores a new four-hour period at zero (the spec loop)', () => {
    const storage = memoryStorage();
    expect(countdownStep(NOW, NOW, 14_400, storage.store)).toEqual({
      endTime: NOW + 4 * HOUR,
      secondsLeft: 14_400,
      outcome: 'renewed',
    });
    expect(storage.items.get('countdown:v1:14400')).toBe(String(NOW + 4 * HOUR));
  });

  it('with a real end, stays at zero and reports the end, storing nothing', () => {
    const storage = memoryStorage();
    const end = Date.UTC(2031, 2, 1, 20);
    expect(countdownStep(end, end, undefined, storage.store)).toEqual({
      endTime: end,
      secondsLeft: 0,
      outcome: 'ended',
    });
    expect(countdownStep(end, end + HOUR, undefined, storage.store).outcome).toBe('ended');
    expect(storage.items.size).toBe(0);
  });
});

describe('whether the sale is on', () => {
  const end = Date.UTC(2031, 2, 1, 20);

  it('is always on without a real end, since the countdown loops', () => {
    expect(saleIsOn(undefined, NOW)).toBe(true);
  });

  it('is on until the real end and over from that very moment', () => {
    expect(saleIsOn(end, end - 1)).toBe(true);
    expect(saleIsOn(end, end)).toBe(false);
    expect(saleIsOn(end, end + HOUR)).toBe(false);
  });
});
