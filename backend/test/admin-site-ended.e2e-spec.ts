import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { insertSite } from './helpers/admin';

/**
 * An admin putting online (status active) a site whose subscription has ended: refused (409, French) without the
 * explicit confirmation; with it, saved and written in the audit log with that fact (issue 38 item 12).
 */
describe('PATCH /api/admin/sites/:id on a site whose subscription has ended', () => {
  let t: TestApp;
  let admin: SessionBody;
  let client: SessionBody;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.api);
    client = await registerClient(t.api, { name: 'Jeanne Martin', email: 'jeanne@martin.fr' });
  });
  afterAll(() => t.close());

  it('puts online a site whose subscription has ended only when the admin confirms it, and says so in the audit log', async () => {
    const endedId = await insertSite(t, { userId: client.user.id, siteName: 'Fleuriste Martin', status: 'suspended', type: 'pro' });
    await t.dataSource.query(
      `UPDATE sites SET payment_state = 'ended', payment_state_since = now(), status_before_suspension = 'active' WHERE id = $1`,
      [endedId],
    );
    const message = "L'abonnement de ce site est terminé : confirmez sa remise en ligne (le client ne paie plus pour ce site).";
    for (const body of [{ status: 'active' }, { status: 'active', confirmEndedSubscription: false }]) {
      const refused = await t.api.patch(`/api/admin/sites/${endedId}`).set(bearer(admin)).send(body).expect(409);
      expect(refused.body).toMatchObject({ message, errors: { confirmEndedSubscription: message } });
    }
    expect((await t.api.get(`/api/admin/sites/${endedId}`).set(bearer(admin)).expect(200)).body.status).toBe('suspended');
    let log = await t.api.get(`/api/admin/audit-log?entityType=site&entityId=${endedId}`).set(bearer(admin)).expect(200);
    expect(log.body.total).toBe(0);
    // Other changes and other statuses need no confirmation.
    await t.api.patch(`/api/admin/sites/${endedId}`).set(bearer(admin)).send({ status: 'pending', domain: 'fleuriste.fr' }).expect(200);
    expect(
      (
        await t.api
          .patch(`/api/admin/sites/${endedId}`)
          .set(bearer(admin))
          .send({ status: 'active', confirmEndedSubscription: 'oui' })
          .expect(400)
      ).body.errors,
    ).toEqual({ confirmEndedSubscription: 'Valeur invalide' });

    const res = await t.api
      .patch(`/api/admin/sites/${endedId}`)
      .set(bearer(admin))
      .send({ status: 'active', confirmEndedSubscription: true })
      .expect(200);
    expect(res.body).toMatchObject({ status: 'active', paymentState: 'ended' });
    log = await t.api.get(`/api/admin/audit-log?entityType=site&entityId=${endedId}&limit=1`).set(bearer(admin)).expect(200);
    expect(log.body.entries[0]).toMatchObject({
      action: 'site.update',
      actorId: admin.user.id,
      before: { status: 'pending' },
      after: { status: 'active', subscriptionEnded: true },
    });
    // Already online: saving it again (with the other fields) asks nothing more.
    await t.api
      .patch(`/api/admin/sites/${endedId}`)
      .set(bearer(admin))
      .send({ status: 'active', domain: 'fleuriste-martin.fr' })
      .expect(200);
  });
});
