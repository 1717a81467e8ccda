import type { Credentials } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { bearer, latestCode, login, register, uniqueEmail } from '../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../test/helpers';

/**
 * Issue 30's onboarding: validating her e-mail opens the two questions (goals, knowledge level);
 * PATCH /users/me stores her answers on her own profile, or her skip, and ends them.
 */
const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }));

const me = (credentials: Credentials) =>
  t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(credentials) });
const patch = (credentials: Credentials | null, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/me',
    headers: credentials ? bearer(credentials) : {},
    payload,
  });

async function validatedSession() {
  const email = uniqueEmail('interests');
  expect((await register(t.app, { email })).statusCode).toBe(201);
  const credentials = (await login(t.app, email)).json();
  const before = (await me(credentials)).json();
  expect(before).toMatchObject({ interestsPending: false, learningGoals: [], knowledgeLevel: null });
  const validated = await t.app.inject({
    method: 'POST',
    url: '/api/users/validateAccount',
    payload: { email, validationCode: await latestCode(t.app, email) },
  });
  expect(validated.statusCode, validated.body).toBe(200);
  return credentials;
}

describe('onboarding interests', () => {
  it('asks the questions once her e-mail is validated, stores her answers and stops asking', async () => {
    const credentials = await validatedSession();
    expect((await me(credentials)).json()).toMatchObject({ interestsPending: true });

    const res = await patch(credentials, {
      learningGoals: ['GET_OUT_OF_DEBT', 'START_INVESTING'],
      knowledgeLevel: 'NOTHING',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      learningGoals: ['GET_OUT_OF_DEBT', 'START_INVESTING'],
      knowledgeLevel: 'NOTHING',
      interestsPending: false,
    });
    expect((await me(credentials)).json()).toMatchObject({
      learningGoals: ['GET_OUT_OF_DEBT', 'START_INVESTING'],
      knowledgeLevel: 'NOTHING',
      interestsPending: false,
    });
  });

  it('takes a skip (no goals, no level) as an answer: nothing stored, no more questions', async () => {
    const credentials = await validatedSession();
    const res = await patch(credentials, { learningGoals: [], knowledgeLevel: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ learningGoals: [], knowledgeLevel: null, interestsPending: false });
  });

  it('refuses unknown or repeated answers with Spanish messages, changing nothing', async () => {
    const credentials = await validatedSession();
    const unknownGoal = await patch(credentials, { learningGoals: ['GET_RICH_QUICK'] });
    expect(unknownGoal.statusCode).toBe(400);
    expect(unknownGoal.json()).toMatchObject({
      internalCode: 'INVALID_DATA',
      fields: [{ path: 'body.learningGoals.0', message: 'Elegí tus objetivos entre las opciones.' }],
    });
    const repeated = await patch(credentials, { learningGoals: ['ORDER_SPENDING', 'ORDER_SPENDING'] });
    expect(repeated.statusCode).toBe(400);
    expect(JSON.stringify(repeated.json())).toContain('Elegí cada objetivo una sola vez.');
    const unknownLevel = await patch(credentials, { knowledgeLevel: 'EXPERT' });
    expect(unknownLevel.statusCode).toBe(400);
    expect(JSON.stringify(unknownLevel.json())).toContain('Elegí cuánto sabés entre las opciones.');
    expect((await me(credentials)).json()).toMatchObject({ interestsPending: true, learningGoals: [] });
  });

  it('changes only her own profile: no session, no answers', async () => {
    expect((await patch(null, { learningGoals: ['ORDER_SPENDING'] })).statusCode).toBe(401);
  });
});
