// Liveness and readiness of the process and its database (outside the merchant scope).
export { healthRoutes, type HealthRoutesOptions } from './health.routes';
