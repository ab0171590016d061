import { apiRequest } from '@web/lib/api-client';
import type { ApplicationAvailableInput, GrantPlanInput, MaintenanceNotificationInput } from '@shared/admin';
import type {
  AdminRoleChanged,
  AdminsResponse,
  AuditEntry,
  BetaGranted,
  CampaignCreated,
  CampaignPreview,
  CampaignResponse,
  CampaignsResponse,
  ContactMessageView,
  OperatorOverview,
  PlanGranted,
  SecurityEventView,
  ServiceStatus,
  ServiceStatusResponse,
} from '@shared/api/admin';
import type { Page } from '@shared/pagination';
import type { CreateWorkerTokenRequest, CreateWorkerTokenResponse, WorkerTokensResponse } from '@shared/api/workers';

export type { CampaignCreated, CampaignPreview } from '@shared/api/admin';

type Input<T extends { audience: unknown }> = Omit<T, 'audience'> & { audience: T['audience'] };

/** The admin panel's calls (/api/admin, seed 001 §7.5); every one is refused by the server for anyone but an admin. */
export const adminApi = {
  setServiceStatus: (status: ServiceStatus) => apiRequest<ServiceStatusResponse>('PUT', '/api/admin/service-status', status),
  sendMaintenance: (input: Input<MaintenanceNotificationInput>) => apiRequest<CampaignCreated>('POST', '/api/admin/notifications/maintenance', input),
  sendApplicationAvailable: (input: Input<ApplicationAvailableInput>) =>
    apiRequest<CampaignCreated>('POST', '/api/admin/notifications/application-available', input),
  previewMaintenance: (input: Input<MaintenanceNotificationInput>) =>
    apiRequest<CampaignPreview>('POST', '/api/admin/notifications/maintenance/preview', input),
  previewApplicationAvailable: (input: Input<ApplicationAvailableInput>) =>
    apiRequest<CampaignPreview>('POST', '/api/admin/notifications/application-available/preview', input),
  campaign: (id: string) => apiRequest<CampaignResponse>('GET', `/api/admin/notifications/${id}`),
  campaigns: () => apiRequest<CampaignsResponse>('GET', '/api/admin/notifications'),
  grantPlan: (input: GrantPlanInput) => apiRequest<PlanGranted>('POST', '/api/admin/grants/complimentary-plan', input),
  grantBeta: (email: string) => apiRequest<BetaGranted>('POST', '/api/admin/grants/beta-access', { email }),
  admins: () => apiRequest<AdminsResponse>('GET', '/api/admin/admins'),
  setAdmin: (email: string, admin: boolean) => apiRequest<AdminRoleChanged>('POST', '/api/admin/admins', { email, admin }),
  auditLog: (page: number) => apiRequest<Page<AuditEntry>>('GET', `/api/admin/audit-log?page=${page}`),
  contactMessages: (page: number) => apiRequest<Page<ContactMessageView>>('GET', `/api/admin/contact-messages?page=${page}`),
  securityEvents: (page: number, failures: boolean) =>
    apiRequest<Page<SecurityEventView>>('GET', `/api/admin/security-events?page=${page}&failures=${failures ? 1 : 0}`),
  overview: () => apiRequest<OperatorOverview>('GET', '/api/admin/overview'),
  workers: () => apiRequest<WorkerTokensResponse>('GET', '/api/admin/workers'),
  createWorker: (input: CreateWorkerTokenRequest) => apiRequest<CreateWorkerTokenResponse>('POST', '/api/admin/workers', input),
  revokeWorker: (id: string) => apiRequest<null>('DELETE', `/api/admin/workers/${id}`),
};
