/**
 * Share links: a public address for one stored image, made on purpose by its owner, revocable, with an expiry. Every
 * other way to a file is a signed URL that lasts hours at most.
 */

/** The expiries a link may be given; 'never' lasts until it is revoked. */
export const SHARE_EXPIRIES = ['1d', '7d', '30d', 'never'] as const;
export type ShareExpiry = (typeof SHARE_EXPIRIES)[number];

export const SHARE_EXPIRY_SECONDS: Record<ShareExpiry, number | null> = {
  '1d': 86_400,
  '7d': 7 * 86_400,
  '30d': 30 * 86_400,
  never: null,
};

export const SHARE_EXPIRY_LABELS: Record<ShareExpiry, string> = {
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  never: 'Never (until revoked)',
};

/** Open links one image may have at a time: enough for a client each, few enough to review at a glance. */
export const SHARE_LINKS_PER_IMAGE_MAX = 20;

/** A link's id and secret: 128 random bits, base64url. */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Where a share link is served; the token follows. */
export const SHARED_FILE_ROUTE_PREFIX = '/api/shared/';

export const shareMessages = {
  imageNotFound: 'Image not found',
  linkNotFound: 'Share link not found',
  /** A revoked, expired or unknown link: the three look alike to whoever holds it. */
  linkGone: 'This share link has been revoked or has expired.',
  tooMany: `An image can have at most ${SHARE_LINKS_PER_IMAGE_MAX} open share links. Revoke one first.`,
  created: 'Share link created',
  copied: 'Link copied',
  revoked: 'Share link revoked',
} as const;
