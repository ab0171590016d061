/**
 * Plans as data (seed 001 §9, seed 000 §6). The web app shows these; the server enforces them.
 * Prices are whole euros per month; `null` means "custom" (Enterprise is contact-sales only).
 */

export type SubscriptionStatus = 'free' | 'basic' | 'pro' | 'professional' | 'business' | 'enterprise';
/** Tiers an operator can grant (seed 001 §7.5 grant-complimentary-plan). */
export type GrantableTier = 'basic' | 'pro' | 'business' | 'enterprise';
export type PlanKey = 'free' | 'basic' | 'professional' | 'business' | 'enterprise';

export interface Plan {
  key: PlanKey;
  name: string;
  priceEurPerMonth: number | null;
  monthlyCredits: number;
  /** Enhancements processing at once; Enterprise's is configurable (see concurrencyLimit). */
  concurrentImages: number | 'configurable';
  support: 'none' | 'email' | 'premium' | 'dedicated';
  contactSales: boolean;
}

export const PLANS: Record<PlanKey, Plan> = {
  free: { key: 'free', name: 'Free', priceEurPerMonth: 0, monthlyCredits: 4, concurrentImages: 0, support: 'none', contactSales: false },
  basic: { key: 'basic', name: 'Basic', priceEurPerMonth: 12, monthlyCredits: 200, concurrentImages: 1, support: 'email', contactSales: false },
  professional: {
    key: 'professional',
    name: 'Professional',
    priceEurPerMonth: 29,
    monthlyCredits: 500,
    concurrentImages: 4,
    support: 'premium',
    contactSales: false,
  },
  business: { key: 'business', name: 'Business', priceEurPerMonth: 49, monthlyCredits: 1000, concurrentImages: 4, support: 'dedicated', contactSales: false },
  // seed 001 §9: "custom (shown as 5000 credits, no price, flexible concurrency)"
  enterprise: {
    key: 'enterprise',
    name: 'Enterprise',
    priceEurPerMonth: null,
    monthlyCredits: 5000,
    concurrentImages: 'configurable',
    support: 'dedicated',
    contactSales: true,
  },
};

/** The cards on /pricing, in order. */
export const PRICING_PLANS: readonly Plan[] = [PLANS.basic, PLANS.professional, PLANS.business, PLANS.enterprise];

/** seed 000 §2: /enhance needs one of these subscription_status values. */
const PAID_STATUSES: readonly SubscriptionStatus[] = ['basic', 'pro', 'professional', 'business', 'enterprise'];

export const DEFAULT_ENTERPRISE_CONCURRENCY = 8;

/** Beta access: 2000 credits at once, reset to 2000 monthly (seed 000 §6). */
export const BETA_CREDITS = 2000;

/** Complimentary grants give the tier's monthly allowance (seed 001 §9). */
export const COMPLIMENTARY_CREDITS: Record<GrantableTier, number> = {
  basic: 200,
  pro: 500,
  business: 1000,
  enterprise: 5000,
};

export const GRANTABLE_TIERS: readonly GrantableTier[] = ['basic', 'pro', 'business', 'enterprise'];

/** 'pro' and 'professional' are the same plan under two spellings (seed 001 §3); anything unknown is undefined. */
export function planFor(tier: string | null | undefined): Plan | undefined {
  switch ((tier ?? '').toLowerCase()) {
    case 'free':
      return PLANS.free;
    case 'basic':
      return PLANS.basic;
    case 'pro':
    case 'professional':
      return PLANS.professional;
    case 'business':
      return PLANS.business;
    case 'enterprise':
      return PLANS.enterprise;
    default:
      return undefined;
  }
}

/** Plan name for messages and labels; the profile page shows Free when nothing is set (seed 000 §2). */
export function planName(tier: string | null | undefined): string {
  return planFor(tier)?.name ?? 'Free';
}

export function isPaidStatus(tier: string | null | undefined): boolean {
  return PAID_STATUSES.includes((tier ?? '') as SubscriptionStatus);
}

export function isGrantableTier(value: string): value is GrantableTier {
  return (GRANTABLE_TIERS as readonly string[]).includes(value);
}

/**
 * Enhancements a tier may run at once. seed 001 §9: Basic 1, Professional 4, Business 4, Enterprise flexible
 * (configured, default 8); free and unknown tiers 0.
 */
export function concurrencyLimit(tier: string | null | undefined, opts: { enterpriseConcurrency?: number } = {}): number {
  const plan = planFor(tier);
  if (!plan) return 0;
  if (plan.concurrentImages === 'configurable') return opts.enterpriseConcurrency ?? DEFAULT_ENTERPRISE_CONCURRENCY;
  return plan.concurrentImages;
}

/** Monthly credit allowance of a tier (the credits bar's denominator); beta accounts use BETA_CREDITS. */
export function monthlyCredits(tier: string | null | undefined, opts: { beta?: boolean } = {}): number {
  if (opts.beta) return BETA_CREDITS;
  return planFor(tier)?.monthlyCredits ?? PLANS.free.monthlyCredits;
}

// ---------------------------------------------------------------- billing (seed 000 §2, §6; seed 001 §9)

/** Plans a customer can buy through checkout; Enterprise is arranged with sales. */
export type CheckoutPlan = 'basic' | 'professional' | 'business';
export const CHECKOUT_PLANS: readonly CheckoutPlan[] = ['basic', 'professional', 'business'];

export function isCheckoutPlan(value: string): value is CheckoutPlan {
  return (CHECKOUT_PLANS as readonly string[]).includes(value);
}

/** The monthly price in cents, what payment providers count in; null for custom pricing. */
export function priceCents(plan: PlanKey): number | null {
  const eur = PLANS[plan].priceEurPerMonth;
  return eur === null ? null : Math.round(eur * 100);
}

const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** seed 001 §9: amounts in euro with 2 decimals ("€29.00"). */
export function formatEuro(cents: number): string {
  return euro.format(cents / 100);
}

/** "€29.00/month", or "Custom" for Enterprise. */
export function formatPlanPrice(plan: Plan): string {
  return plan.priceEurPerMonth === null ? 'Custom' : `${formatEuro(plan.priceEurPerMonth * 100)}/month`;
}

const SUPPORT_LABEL: Record<Plan['support'], string> = {
  none: 'Community support',
  email: 'Email support',
  premium: 'Premium support',
  dedicated: 'Dedicated support',
};

/** The feature list of a plan card (seed 001 §9: Free PNG and JPG; paid plans all formats, WEBP and priority processing; up to 64 MP). */
export function planFeatures(plan: Plan): string[] {
  const credits = `${plan.monthlyCredits.toLocaleString('en-US')} credits per month`;
  if (plan.key === 'free') return [credits, 'PNG and JPG output', 'Resolution up to 64 megapixels'];
  const concurrency =
    plan.concurrentImages === 'configurable'
      ? 'Flexible concurrent processing'
      : `${plan.concurrentImages} concurrent ${plan.concurrentImages === 1 ? 'image' : 'images'}`;
  return [
    credits,
    concurrency,
    'All features and formats, including WEBP',
    'Priority processing',
    'Resolution up to 64 megapixels',
    SUPPORT_LABEL[plan.support],
  ];
}

/**
 * seed 000 §2 Billing tab: basic can move to Professional or Business, professional to Business, every other plan
 * has none (the card is hidden). Enterprise is reached through Contact Sales.
 */
export function upgradeOptions(tier: string | null | undefined): CheckoutPlan[] {
  switch (planFor(tier)?.key) {
    case 'basic':
      return ['professional', 'business'];
    case 'professional':
      return ['business'];
    default:
      return [];
  }
}

/**
 * Plan rank for picking the effective plan when several grants overlap (a paid subscription and a complimentary
 * grant): the higher one applies.
 */
export function planRank(tier: string | null | undefined): number {
  return { free: 0, basic: 1, professional: 2, business: 3, enterprise: 4 }[planFor(tier)?.key ?? 'free'];
}

/**
 * The allowance a monthly reset restores. Beta accounts get 2000 (seed 000 §6) unless their plan gives more.
 */
export function creditAllowance(tier: string | null | undefined, beta: boolean): number {
  const plan = planFor(tier)?.monthlyCredits ?? PLANS.free.monthlyCredits;
  return beta ? Math.max(plan, BETA_CREDITS) : plan;
}

/**
 * Queue priority: a higher number is taken first when workers are busy. seed 001 §9: the paid plans add priority
 * processing over Free, so Basic ranks above Free; the larger plans above Basic. Beta access gives at least
 * Professional's ("all premium features", seed 000 §6).
 */
const QUEUE_PRIORITY: Record<PlanKey, number> = { free: 0, basic: 5, professional: 10, business: 20, enterprise: 30 };

export function queuePriority(tier: string | null | undefined, beta: boolean): number {
  const own = QUEUE_PRIORITY[planFor(tier)?.key ?? 'free'];
  return beta ? Math.max(own, QUEUE_PRIORITY.professional) : own;
}

export interface EntitlementSources {
  /** The plan paid for (a subscription in force), if any. */
  paid?: string | null;
  /** The tier of a complimentary grant in force, if any. */
  complimentary?: string | null;
  beta?: boolean;
}

export interface PlanEntitlement {
  /** The subscription_status the account has: the higher of the paid plan and the complimentary grant. */
  status: SubscriptionStatus;
  /** Where that plan comes from; a tie between paid and complimentary goes to the paid one. */
  source: 'paid' | 'complimentary' | 'beta' | 'free';
  beta: boolean;
  /** What the monthly reset restores. */
  monthlyCredits: number;
  queuePriority: number;
}

/**
 * What an account is entitled to from everything it holds: a lower complimentary grant never takes a paid plan's
 * place (a Business customer granted Basic stays Business, keeps Business's monthly reset and queue priority), and a
 * higher one lifts it. Beta alone gives Professional, as granting beta does.
 */
export function entitlementOf(s: EntitlementSources): PlanEntitlement {
  const beta = !!s.beta;
  // the spelling given is kept ('pro' for a grant, 'professional' for a checkout; seed 001 §3)
  const paid = isPaidStatus(s.paid) ? (s.paid as SubscriptionStatus) : null;
  const comp = isPaidStatus(s.complimentary) ? (s.complimentary as SubscriptionStatus) : null;
  let status: SubscriptionStatus;
  let source: PlanEntitlement['source'];
  if (paid && (!comp || planRank(paid) >= planRank(comp))) [status, source] = [paid, 'paid'];
  else if (comp) [status, source] = [comp, 'complimentary'];
  else if (beta) [status, source] = ['pro', 'beta'];
  else [status, source] = ['free', 'free'];
  return { status, source, beta, monthlyCredits: creditAllowance(status, beta), queuePriority: queuePriority(status, beta) };
}

export interface AccountPlanState {
  subscription_status: string | null | undefined;
  beta_access: boolean;
  /** The plan is a complimentary grant (known to the views that read the grants). */
  complimentary?: boolean;
}

/**
 * The one wording of an account's plan, for the profile, the Credits panel, Billing and the account menu:
 * "Enterprise plan · Beta access", "Business plan (complimentary)", "Beta access" for a beta account without a plan of
 * its own, "Free plan".
 */
export function accountPlanLabel(a: AccountPlanState): string {
  const plan = planFor(a.subscription_status);
  // beta alone gives Professional under the grant's spelling 'pro' (a checkout spells it 'professional'): no plan of its own
  const betaOnly = a.beta_access && !a.complimentary && (!plan || plan.key === 'free' || a.subscription_status === 'pro');
  if (betaOnly) return 'Beta access';
  const base = `${plan?.name ?? PLANS.free.name} plan${a.complimentary ? ' (complimentary)' : ''}`;
  return a.beta_access ? `${base} · Beta access` : base;
}
