/**
 * Runs the Stripe sandbox on its own: `npm run stripe-sandbox` (`node stripe-sandbox/src/cli.ts`).
 * Env: STRIPE_SANDBOX_PORT (12111), STRIPE_SANDBOX_HOST (127.0.0.1), STRIPE_SANDBOX_PUBLIC_URL, STRIPE_WEBHOOK_SECRET
 * (whsec_sandbox), STRIPE_SANDBOX_WEBHOOK_URL, STRIPE_SANDBOX_DATA_FILE; the webhooks' delivery (webhooks.ts):
 * STRIPE_SANDBOX_WEBHOOK_DELIVERY (stripe, the default, or ordered), STRIPE_SANDBOX_WEBHOOK_SEED (random, printed),
 * STRIPE_SANDBOX_WEBHOOK_MAX_DELAY_MS (150).
 */
import { SANDBOX_SECRET_KEY, startStripeSandbox } from './index.ts';

async function main(): Promise<void> {
  const log = (line: string): void => console.log(`[stripe-sandbox] ${line}`);
  const sandbox = await startStripeSandbox({
    port: Number(process.env.STRIPE_SANDBOX_PORT ?? 12111),
    host: process.env.STRIPE_SANDBOX_HOST || undefined,
    publicUrl: process.env.STRIPE_SANDBOX_PUBLIC_URL || undefined,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || 'whsec_sandbox',
    webhookUrl: process.env.STRIPE_SANDBOX_WEBHOOK_URL || undefined,
    dataFile: process.env.STRIPE_SANDBOX_DATA_FILE || undefined,
    log,
  });
  log(`listening on ${sandbox.url} (secret key ${SANDBOX_SECRET_KEY}, webhooks → ${process.env.STRIPE_SANDBOX_WEBHOOK_URL || 'none'})`);
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error('[stripe-sandbox] failed to start:', err);
  process.exit(1);
});
