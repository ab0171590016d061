/** The signed-in user's own profile (/api/me, /api/profile): name, picture, business details, notifications, sessions. */
import { z } from 'zod';
import { IsoDateTime } from './common.js';

/** The profile as the API shows it: the seed's snake_case field names, and a signed URL of the picture. */
export const ProfileDto = z
  .strictObject({
    id: z.string(),
    user_id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string(),
    credits_remaining: z.number().int(),
    beta_access: z.boolean(),
    subscription_status: z.string(),
    /** The plan comes from a complimentary grant. */
    complimentary: z.boolean(),
    is_business: z.boolean(),
    company_name: z.string().nullable(),
    vat_id: z.string().nullable(),
    created_at: IsoDateTime,
    avatar_url: z.string().nullable(),
  })
  .meta({ id: 'ProfileDto' });
export type ProfileDto = z.infer<typeof ProfileDto>;

/** The signed-in user as the session knows them. */
export const SessionUserDto = z
  .strictObject({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(['user', 'admin']),
    emailVerified: z.boolean(),
  })
  .meta({ id: 'SessionUserDto' });
export type SessionUserDto = z.infer<typeof SessionUserDto>;

/** GET /api/me. */
export const MeResponse = z.strictObject({ user: SessionUserDto, profile: ProfileDto });
export type MeResponse = z.infer<typeof MeResponse>;

export const BusinessProfile = z
  .strictObject({
    company_name: z.string().nullable(),
    vat_id: z.string().nullable(),
    country_code: z.string().nullable(),
    business_type: z.string().nullable(),
    industry: z.string().nullable(),
  })
  .meta({ id: 'BusinessProfile' });
export type BusinessProfile = z.infer<typeof BusinessProfile>;

/** GET /api/profile. */
export const ProfileResponse = z.strictObject({ profile: ProfileDto, business: BusinessProfile.nullable() });
export type ProfileResponse = z.infer<typeof ProfileResponse>;
export const ProfileUpdated = z.strictObject({ profile: ProfileDto, message: z.string() });
export type ProfileUpdated = z.infer<typeof ProfileUpdated>;
export const BusinessUpdated = z.strictObject({ business: BusinessProfile, message: z.string() });
export type BusinessUpdated = z.infer<typeof BusinessUpdated>;

/** PUT /api/profile/avatar (multipart, field `avatar`). */
export const AvatarForm = z.object({ avatar: z.file() });
export const AvatarResponse = z.strictObject({ avatar_url: z.string().nullable(), message: z.string() });
export type AvatarResponse = z.infer<typeof AvatarResponse>;

const NotificationPreferencesDto = z.strictObject({
  email_notifications: z.boolean(),
  processing_complete: z.boolean(),
  marketing_emails: z.boolean(),
  low_credits_warning: z.boolean(),
});
export const NotificationPreferencesResponse = z.strictObject({ preferences: NotificationPreferencesDto });
export type NotificationPreferencesResponse = z.infer<typeof NotificationPreferencesResponse>;
export const NotificationPreferencesSaved = NotificationPreferencesResponse.extend({ message: z.string() });
export type NotificationPreferencesSaved = z.infer<typeof NotificationPreferencesSaved>;

/** A signed-in device of the Settings tab's Sessions card. */
export const DeviceSession = z
  .strictObject({
    id: z.string(),
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
    createdAt: IsoDateTime,
    lastActiveAt: IsoDateTime,
    current: z.boolean(),
  })
  .meta({ id: 'DeviceSession' });
export type DeviceSession = z.infer<typeof DeviceSession>;
export const SignInEvent = z
  .strictObject({
    id: z.number().int(),
    action: z.string(),
    status: z.string(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** For a sign-out: the devices whose sessions it ended ('Firefox on Windows'), empty for other events. */
    endedDevices: z.array(z.string()),
    at: IsoDateTime,
  })
  .meta({ id: 'SignInEvent' });
export type SignInEvent = z.infer<typeof SignInEvent>;

/** GET /api/profile/sessions. */
export const SessionsResponse = z.strictObject({ sessions: z.array(DeviceSession), signIns: z.array(SignInEvent) });
export type SessionsResponse = z.infer<typeof SessionsResponse>;
