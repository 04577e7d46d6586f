export * from './admin/admin';
export * from './auth/auth';
export * from './health/health';
export * from './orders/orders';
