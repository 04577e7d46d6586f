/**
 * @vitrine/domain: the product's words, once, for the server, the browser and the Stripe sandbox (twenty's
 * twenty-shared). Plain TypeScript without dependencies; the server reads its CommonJS build (dist/), the others the
 * sources.
 */
export * from './catalogue.ts';
export * from './identity.ts';
export * from './labels.ts';
export * from './order-rules.ts';
export * from './promises.ts';
export * from './passwords.ts';
