import { expect, it } from 'vitest';
import { LOGIN_LIMIT } from '../../server/routes/auth.routes.ts';
import { freshIp, PASSWORD, post, signUpActive, useTestClock } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';

// Issue 26: staff testing from one office address do not lock themselves out. The login route's
// per-address limit counts per account and address for staff (admin, judge); players behind one
// address keep the per-address count.

const LOGIN = '/api/v1/auth/login';

describeOnEachDatabase('login limits: per account and address for staff, per address for players', (server) => {
  const clock = useTestClock(server);

  async function accounts(count: number, role: 'admin' | 'judge' | null) {
    const people = [];
    for (let i = 0; i < count; i += 1) {
      const { person, user } = await signUpActive(server, clock);
      if (role)
        await server.app.db
          .insertInto('user_roles')
          .values({ user_id: user.id, role, granted_by: null, granted_at: clock.now })
          .execute();
      people.push(person);
    }
    return people;
  }

  it('staff at one office address log in more often than the address limit allows; players there do not', async () => {
    // Several accounts, ten right logins each: together past the address's limit.
    const perAccount = 10;
    const needed = Math.ceil((LOGIN_LIMIT.max + 1) / perAccount);
    const office = freshIp();
    const staff = [...(await accounts(needed - 1, 'admin')), ...(await accounts(1, 'judge'))];
    let staffLogins = 0;
    for (const person of staff)
      for (let i = 0; i < perAccount; i += 1) {
        const res = await post(server, LOGIN, { identifier: person.email, password: PASSWORD }, { ip: office });
        expect(res.statusCode, res.body).toBe(200);
        staffLogins += 1;
      }
    expect(staffLogins).toBeGreaterThan(LOGIN_LIMIT.max);

    // Players at one address: the address limit still stops them.
    const cafe = freshIp();
    const players = await accounts(needed, null);
    const codes: number[] = [];
    for (const person of players)
      for (let i = 0; i < perAccount; i += 1)
        codes.push(
          (await post(server, LOGIN, { identifier: person.email, password: PASSWORD }, { ip: cafe })).statusCode,
        );
    expect(codes.slice(0, LOGIN_LIMIT.max).every((c) => c === 200)).toBe(true);
    expect(codes.slice(LOGIN_LIMIT.max).every((c) => c === 429)).toBe(true);
  });

  it('strangers naming a staff account from many addresses do not use up its logins at the office, and learn nothing from the headers', async () => {
    const [admin] = await accounts(1, 'admin');
    const [player] = await accounts(1, null);
    for (let i = 0; i <= LOGIN_LIMIT.max; i += 1) {
      const res = await post(server, LOGIN, { identifier: admin!.email, password: 'Wrong@2026x' }, { ip: freshIp() });
      expect([401, 429]).toContain(res.statusCode);
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    const office = await post(server, LOGIN, { identifier: admin!.email, password: PASSWORD }, { ip: freshIp() });
    expect(office.statusCode, office.body).toBe(200);
    // A player's answer carries no count either: staff and players answer alike.
    const played = await post(server, LOGIN, { identifier: player!.email, password: PASSWORD }, { ip: freshIp() });
    expect(played.statusCode).toBe(200);
    expect(played.headers['x-ratelimit-remaining']).toBeUndefined();
  });

  it('a staff account named from one address is still counted there', async () => {
    const [person] = await accounts(1, 'admin');
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i <= LOGIN_LIMIT.max; i += 1)
      codes.push((await post(server, LOGIN, { identifier: person!.email, password: PASSWORD }, { ip })).statusCode);
    expect(codes.slice(0, LOGIN_LIMIT.max).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
