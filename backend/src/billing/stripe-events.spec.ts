import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OBJECT_OF_TYPE } from './stripe-reader';

describe('the Stripe events the webhook endpoint subscribes to', () => {
  it('docs/payments.md lists exactly the event types the inbox acts on', () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'payments.md'), 'utf8');
    const step = doc.slice(doc.indexOf('add a webhook endpoint at'), doc.indexOf('STRIPE_WEBHOOK_SECRET` to that endpoint'));
    const listed = [...step.matchAll(/`([a-z_]+(?:\.[a-z_]+)+)`/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual(Object.keys(OBJECT_OF_TYPE).sort());
  });
});
