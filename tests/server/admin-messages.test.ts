import { expect, it } from 'vitest';
import { auditOf, get, insertStaff, post, useTestClock } from '../support/accounts.ts';
import { describeOnEachDatabase } from '../support/server-harness.ts';
import { saveContactMessage } from '../../server/services/site/contact.service.ts';

describeOnEachDatabase('admin: the contact inbox', (server) => {
  const clock = useTestClock(server);
  const send = async (subject: string) => {
    clock.advance(1000);
    return (
      await saveContactMessage(
        server.app.db,
        { subject, phone: '9876501234', email: 'Fan@Gmail.com', message: 'Where is my invoice?' },
        'hi',
        clock.now,
      )
    ).id;
  };
  const log = (id: string) => auditOf(server, 'message', id);

  it('lists newest first, filters open and answered, reads one, marks answered and reopens; audited', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    const older = await send('Invoice');
    const newer = await send('Refund');
    const all = await get(server, '/api/v1/admin/messages?limit=100', { cookie: admin!.cookie });
    expect(all.statusCode, all.body).toBe(200);
    const ids = all.json().data.messages.map((m: { id: string }) => m.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));

    const one = await get(server, `/api/v1/admin/messages/${older}`, { cookie: admin!.cookie });
    expect(one.json().data.message).toMatchObject({
      id: older,
      subject: 'Invoice',
      email: 'fan@gmail.com',
      phone: '+919876501234',
      message: 'Where is my invoice?',
      language: 'hi',
      status: 'open',
      answeredAt: null,
      answeredBy: null,
    });

    clock.advance(1000);
    const answered = await post(server, `/api/v1/admin/messages/${older}/answered`, undefined, {
      cookie: admin!.cookie,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({
      changed: true,
      message: { status: 'answered', answeredAt: clock.now, answeredBy: 'Ravi Kumar' },
    });
    expect(
      (await post(server, `/api/v1/admin/messages/${older}/answered`, undefined, { cookie: admin!.cookie })).json().data
        .changed,
    ).toBe(false);

    const open = (await get(server, '/api/v1/admin/messages?status=open&limit=100', { cookie: admin!.cookie }))
      .json()
      .data.messages.map((m: { id: string }) => m.id);
    expect(open).toContain(newer);
    expect(open).not.toContain(older);
    const done = (await get(server, '/api/v1/admin/messages?status=answered&limit=100', { cookie: admin!.cookie }))
      .json()
      .data.messages.map((m: { id: string }) => m.id);
    expect(done).toContain(older);
    expect(done).not.toContain(newer);

    clock.advance(1000);
    const reopened = await post(server, `/api/v1/admin/messages/${older}/reopen`, undefined, { cookie: admin!.cookie });
    expect(reopened.json().data.message).toMatchObject({ status: 'open', answeredAt: null, answeredBy: null });

    const entries = await log(older);
    expect(entries.map((e) => [e.action, e.actor_id])).toEqual([
      ['message.answer', admin!.id],
      ['message.reopen', admin!.id],
    ]);
    expect(entries[0]!.summary).toBe('Marked answered the message “Invoice” from fan@gmail.com');
  });

  it('answers 404 for an unknown message and 400 for a bad filter', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    expect(
      (await get(server, `/api/v1/admin/messages/${crypto.randomUUID()}`, { cookie: admin!.cookie })).statusCode,
    ).toBe(404);
    expect(
      (
        await post(server, `/api/v1/admin/messages/${crypto.randomUUID()}/answered`, undefined, {
          cookie: admin!.cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect((await get(server, '/api/v1/admin/messages?status=spam', { cookie: admin!.cookie })).statusCode).toBe(400);
  });

  it('pages', async () => {
    const [admin] = await insertStaff(server, ['admin'], clock.now);
    for (let i = 0; i < 3; i++) await send(`Page ${i}`);
    const first = (await get(server, '/api/v1/admin/messages?limit=2', { cookie: admin!.cookie })).json().data;
    expect(first.messages.map((m: { subject: string }) => m.subject)).toEqual(['Page 2', 'Page 1']);
    const second = (
      await get(server, `/api/v1/admin/messages?limit=2&cursor=${first.nextCursor}`, { cookie: admin!.cookie })
    ).json().data;
    expect(second.messages[0].subject).toBe('Page 0');
  });
});
