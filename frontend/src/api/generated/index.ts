export * from './admin/admin';
export * from './agency/agency';
export * from './auth/auth';
export * from './billing/billing';
export * from './health/health';
export * from './orders/orders';
export * from './sites/sites';
