import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Screens wait for debounces and stubbed fetches; on a busy 2-core CI machine that can take more than
// the library's 1 s default, so async queries may wait up to 5 s (a passing test still ends at once).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // The fetch stub (and any other stubbed global) never outlives its test.
  vi.unstubAllGlobals();
});
