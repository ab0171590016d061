/** The service-status banner every page shows (/api/service-status); admins set it through /api/admin/service-status. */
export { ServiceStatus, ServiceStatusResponse } from './admin.js';
export { ServiceStatusInput } from '../admin.js';
