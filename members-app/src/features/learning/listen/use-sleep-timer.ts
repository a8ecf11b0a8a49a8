import { useEffect, useRef, useState } from 'react';
import {
  createSleepTimer,
  SLEEP_TIMER_CHOICES,
  volumeCanChange,
  type QuietSpan,
  type SleepTimer,
  type SleepTimerChoice,
  type SleepTimerState,
} from './sleep-timer.ts';

/** The learner's last choice, kept on this device and preset when listen mode opens again. */
export const SLEEP_TIMER_STORAGE_KEY = 'sleep-ritual:sleep-timer';

export function rememberedChoice(): SleepTimerChoice {
  try {
    const stored = window.localStorage.getItem(SLEEP_TIMER_STORAGE_KEY);
    return SLEEP_TIMER_CHOICES.find((choice) => String(choice) === stored) ?? 'off';
  } catch {
    return 'off';
  }
}

function remember(choice: SleepTimerChoice): void {
  try {
    window.localStorage.setItem(SLEEP_TIMER_STORAGE_KEY, String(choice));
  } catch {
    // Private browsing may refuse: the choice is then not remembered.
  }
}

const OFF: SleepTimerState = {
  choice: 'off',
  secondsLeft: null,
  fading: false,
  finished: false,
  waitingForQuiet: false,
};

/**
 * Listen mode's sleep timer over its audio element: preset with the learner's last choice, fading where
 * the volume can change and otherwise pausing in the track's next quiet span (`quietSpans`, from the
 * class details), with "+5 min".
 */
export function useSleepTimer(audio: HTMLAudioElement | null, quietSpans: readonly QuietSpan[]) {
  const [state, setState] = useState<SleepTimerState>(() => ({ ...OFF, choice: rememberedChoice() }));
  const timer = useRef<SleepTimer | null>(null);
  const spans = useRef(quietSpans);

  useEffect(() => {
    if (!audio) return;
    const created = createSleepTimer(audio, setState, undefined, {
      canFade: volumeCanChange(audio),
      quietSpans: spans.current,
    });
    timer.current = created;
    const preset = rememberedChoice();
    if (preset !== 'off') created.set(preset);
    return () => {
      created.dispose();
      timer.current = null;
    };
  }, [audio]);

  return {
    state,
    choose(choice: SleepTimerChoice) {
      remember(choice);
      timer.current?.set(choice);
    },
    extend() {
      timer.current?.extend();
    },
  };
}
