import { expect, it } from 'vitest';
import { describeEachDb } from './helpers/server.js';
import { samples, uploadOne } from './helpers/files.js';

describeEachDb('share recipients', (t) => {
  const url = (name: string) => `/api/share-recipients/${encodeURIComponent(name)}`;

  it('answers a known name with its spelling, ignoring case; the caller is a user too', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const found = await t().client.get(url(bob.user.username.toUpperCase()), { token: alice.token });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ username: bob.user.username });
    expect((await t().client.get(url(alice.user.username), { token: alice.token })).body).toEqual({ username: alice.user.username });
  });

  it('refuses an unknown name exactly as saving a share with it would, and reveals nothing more', async () => {
    const alice = await t().client.register();
    const fileId = await uploadOne(t().client, alice.token, { name: 'plan.txt', content: samples.text() });
    const checked = await t().client.get(url('nobody-here'), { token: alice.token });
    const saved = await t().client.put(`/api/files/${fileId}/share`, { token: alice.token, json: { is_public: false, shared_users: ['nobody-here'] } });
    expect(checked.status).toBe(400);
    expect(checked.body).toMatchObject({ error: 'Unknown user: nobody-here', unknown_users: ['nobody-here'] });
    expect([saved.status, saved.body]).toEqual([checked.status, checked.body]);
  });

  it('is for signed-in users only, and checks the name like a share does', async () => {
    const alice = await t().client.register();
    expect((await t().client.get(url('someone'))).status).toBe(401);
    const long = await t().client.get(url('x'.repeat(51)), { token: alice.token });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Unknown user');
  });
});
