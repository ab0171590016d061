import { apiRequest } from '../../lib/api-client';
import type { ApplicationAvailableInput, AuditEntry, CampaignView, GrantPlanInput, MaintenanceNotificationInput, ServiceStatus } from '../../../shared/admin';
import type { Page } from '../../../shared/pagination';
import type { InquiryType } from '../../../shared/contact';

export interface OverviewDto {
  jobs: { waiting: number; running: number; completed24h: number; failed24h: number; workers: number };
  failures: { id: string; userEmail: string; workflow: string; scale: number | null; mode: string | null; error: string | null; at: string }[];
  throughput: { jobs: number; megapixels: number; seconds: number; mpPerSecond: number | null };
  storage: { files: number; bytes: number };
  usersByPlan: { plan: string; beta: number; users: number }[];
  users: number;
}
export interface ContactMessageDto {
  id: string;
  name: string;
  email: string;
  inquiryType: InquiryType;
  subject: string;
  message: string;
  createdAt: string;
}
export interface SecurityEventDto {
  id: number;
  email: string | null;
  action: string;
  status: string;
  ipAddress: string | null;
  at: string;
}
export interface CampaignCreated {
  campaignId: string;
  total: number;
  audience: string;
}

type Input<T extends { audience: unknown }> = Omit<T, 'audience'> & { audience: T['audience'] };

/** The admin panel's calls (/api/admin, seed 001 §7.5); every one is refused by the server for anyone but an admin. */
export const adminApi = {
  setServiceStatus: (status: ServiceStatus) => apiRequest<{ status: ServiceStatus }>('PUT', '/api/admin/service-status', status),
  sendMaintenance: (input: Input<MaintenanceNotificationInput>) => apiRequest<CampaignCreated>('POST', '/api/admin/notifications/maintenance', input),
  sendApplicationAvailable: (input: Input<ApplicationAvailableInput>) => apiRequest<CampaignCreated>('POST', '/api/admin/notifications/application-available', input),
  campaign: (id: string) => apiRequest<{ campaign: CampaignView }>('GET', `/api/admin/notifications/${id}`),
  campaigns: () => apiRequest<{ campaigns: CampaignView[] }>('GET', '/api/admin/notifications'),
  grantPlan: (input: GrantPlanInput) => apiRequest<{ success: boolean; credits_granted: number }>('POST', '/api/admin/grants/complimentary-plan', input),
  grantBeta: (email: string) => apiRequest<{ success: boolean; credits_granted: number; email_sent: boolean }>('POST', '/api/admin/grants/beta-access', { email }),
  admins: () => apiRequest<{ admins: { id: string; email: string; name: string }[] }>('GET', '/api/admin/admins'),
  setAdmin: (email: string, admin: boolean) => apiRequest<{ success: boolean; changed: boolean; message: string }>('POST', '/api/admin/admins', { email, admin }),
  auditLog: (page: number) => apiRequest<Page<AuditEntry>>('GET', `/api/admin/audit-log?page=${page}`),
  contactMessages: (page: number) => apiRequest<Page<ContactMessageDto>>('GET', `/api/admin/contact-messages?page=${page}`),
  securityEvents: (page: number, failures: boolean) => apiRequest<Page<SecurityEventDto>>('GET', `/api/admin/security-events?page=${page}&failures=${failures ? 1 : 0}`),
  overview: () => apiRequest<OverviewDto>('GET', '/api/admin/overview'),
};
