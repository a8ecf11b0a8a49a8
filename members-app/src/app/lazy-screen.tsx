import { lazy, Suspense, type ComponentType } from 'react';
import { FullPageSpinner } from '../components/Spinner.tsx';

/**
 * A screen loaded only when its route is opened: its code stays out of the first load, which every
 * learner pays at bedtime on a phone. `load` imports the module and picks the component from it.
 */
export function lazyScreen(load: () => Promise<ComponentType>) {
  const Screen = lazy(() => load().then((component) => ({ default: component })));
  return (
    <Suspense fallback={<FullPageSpinner label="Loading..." />}>
      <Screen />
    </Suspense>
  );
}
