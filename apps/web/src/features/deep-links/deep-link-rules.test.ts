import { describe, expect, it } from 'vitest';
import { deepLinkTarget } from './deep-link-rules';

describe('deep links', () => {
  it.each([
    ['screen=courseConsumption&id=curso-1', '/academy/curso-1'],
    ['screen=courseConsumption&id=curso-1&sectionId=s-2', '/academy/curso-1/s-2'],
    ['screen=COURSE_CONSUMPTION&id=a%20b', '/academy/a%20b'],
    ['screen=myAccounts', '/misCuentas/'],
    ['screen=feed', '/novedades/'],
    ['screen=academy', '/academy/'],
    ['screen=programScreen', '/programas/'],
    ['screen=communityPage', '/comunidad/'],
    ['screen=loginPage&code=abc123', '/login?code=abc123'],
    ['screen=somethingElse', '/novedades'],
    ['', '/novedades'],
    ['screen=courseConsumption', '/novedades'],
  ])('%s → %s', (query, target) => {
    expect(deepLinkTarget(query)).toBe(target);
  });
});
