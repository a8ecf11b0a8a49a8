import { describe, expect, it } from 'vitest';
import { backTarget } from '../src/components/back-target.ts';

const here = { origin: 'https://sleep.example', pathname: '/terms' };

describe('the Back button without history', () => {
  it("goes to the same-site referrer's path and query", () => {
    expect(backTarget('https://sleep.example/join-now?x=1', here)).toBe('/join-now?x=1');
  });

  it('goes home for another site, the same page, no referrer or a broken one', () => {
    expect(backTarget('https://evil.example/x', here)).toBe('/');
    expect(backTarget('https://sleep.example/terms', here)).toBe('/');
    expect(backTarget('', here)).toBe('/');
    expect(backTarget('not a url', here)).toBe('/');
  });

  it('never follows a path the browser would read as another host', () => {
    expect(backTarget('https://sleep.example//evil.example/x', here)).toBe('/');
    expect(backTarget('https://sleep.example/\\evil.example/x', here)).toBe('/');
    expect(backTarget('https://sleep.example///evil.example', here)).toBe('/');
  });
});
