import { describe, expect, it } from 'vitest';
import { BUILD_ID } from './build';
import { isNewBuildOut } from './build-poll';

const answering = (body: unknown, status = 200) => (async () => Response.json(body, { status })) as typeof fetch;

describe('isNewBuildOut', () => {
  it('is false while the server runs this build', async () => {
    expect(await isNewBuildOut(answering({ buildId: BUILD_ID }))).toBe(false);
  });

  it('is true once the server runs another build', async () => {
    expect(await isNewBuildOut(answering({ buildId: `${BUILD_ID}-suivant` }))).toBe(true);
  });

  it('is false when the server cannot tell (error, odd answer, network failure)', async () => {
    expect(await isNewBuildOut(answering({ buildId: 'x' }, 503))).toBe(false);
    expect(await isNewBuildOut(answering({ version: 2 }))).toBe(false);
    expect(
      await isNewBuildOut((async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch),
    ).toBe(false);
  });
});
