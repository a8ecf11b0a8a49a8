import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { sample } from '../../../test/fixtures/catalog.ts';
import { ok, stubApi } from '../../../test/render.tsx';
import { learningKeys } from './keys.ts';
import { prefetchMyPrograms } from './prefetch-my-programs.ts';

describe('what "Your Programs" asks for before its first render', () => {
  it('settles only once tonight’s nights and the check-in are in too, so the screen renders once with them', async () => {
    let answerTonight = () => {};
    const tonightAnswered = new Promise<void>((resolve) => (answerTonight = resolve));
    const checkIns = { pending: null, answers: [] };
    stubApi({
      'GET /api/programs': ok([sample.program()]),
      'GET /api/my-programs': ok([sample.program()]),
      'GET /api/my-programs/tonight': async () => {
        await tonightAnswered;
        return ok([sample.tonight()]);
      },
      'GET /api/progress/check-ins': ok(checkIns),
    });
    const client = createQueryClient();
    let settled = false;
    const prefetched = prefetchMyPrograms(client).then(() => (settled = true));

    await waitFor(() => expect(client.getQueryData(learningKeys.checkIns())).toEqual(checkIns));
    expect(client.getQueryData(learningKeys.myPrograms())).toHaveLength(1);
    expect(settled).toBe(false);

    answerTonight();
    await prefetched;
    expect(client.getQueryData(learningKeys.tonight())).toEqual([sample.tonight()]);
  });
});
