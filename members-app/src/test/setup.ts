import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { installDialogStandIn } from './native-dialog.ts';

installDialogStandIn();

// jsdom has no layout, so no size ever changes: a ResizeObserver that is never called is the truth there.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Screens wait for debounces and stubbed fetches; on a busy 2-core CI machine that can take more than
// the library's 1 s default, so async queries may wait up to 5 s (a passing test still ends at once).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // The fetch stub (and any other stubbed global) never outlives its test.
  vi.unstubAllGlobals();
  // What a screen keeps on the device (the sleep timer's last choice) never reaches the next test.
  if (typeof window !== 'undefined') window.localStorage.clear();
});
