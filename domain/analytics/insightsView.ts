// What the analytics worker answers for the dashboard's "3D et réalité augmentée" section
// (workers/analytics/insights.ts; every definition in docs/dashboard.md "3D and AR insight"): small figures
// per visit of the selection's products and period, after the section's filters. No raw visit leaves the worker.
import { AR_PLATFORMS, type ArPlatform, DEVICE_CLASSES, type DeviceClass } from '../visitSignals';

/** A platform (or device class) is flagged when at least this many launches… */
export const FAILING_MIN_LAUNCHES = 20;
/** …failed at this rate or more. */
export const FAILING_RATE = 0.25;
/** A lift is shown only when each of its two groups has at least this many visits ("Pas assez de données"). */
export const LIFT_MIN_VISITS = 30;
/** An angle (sector × band) holding less than this share of the dwell is "ignored". */
export const IGNORED_SHARE = 0.01;
/** How many of the most-looked buckets are drawn. */
export const TOP_BUCKETS = 3;
/** Upper edges (ms, exclusive) of the active-time bins after the first ("0 s"); the last bin is open. */
export const ACTIVE_EDGES_MS = [5_000, 15_000, 30_000, 60_000] as const;
export const ACTIVE_BIN_LABELS = ['0 s', 'moins de 5 s', '5 à 15 s', '15 à 30 s', '30 à 60 s', 'plus de 60 s'] as const;
/** How many products the "AR lifts quotes most" table lists. */
export const TOP_LIFT_PRODUCTS = 5;

/** The section's filters, kept in the URL (insightFilters.ts); null: all. */
export interface InsightFilters {
  source: string | null;
  campaign: string | null;
  country: string | null;
  device: DeviceClass | null;
  platform: ArPlatform | null;
}

export const NO_FILTERS: InsightFilters = { source: null, campaign: null, country: null, device: null, platform: null };

export interface ArOutcome {
  /** Visits whose AR was launched (ar_launches ≥ 1) on that platform (or device class). */
  launched: number;
  /** WebXR: placed ≥ 1; Scene Viewer and Quick Look: returned ≥ 1 and no failure. */
  succeeded: number;
  /** Visits with at least one failure. */
  failed: number;
  /** Launched visits whose session has a conversion event for the product. */
  quotes: number;
  /** failed / launched, null without a launch. */
  failureRate: number | null;
  /** launched ≥ FAILING_MIN_LAUNCHES and failureRate ≥ FAILING_RATE. */
  failing: boolean;
}

export interface QuoteGroup {
  visits: number;
  quotes: number;
  /** quotes / visits, null without visits; low and high: its 95 % Wilson interval. */
  rate: number | null;
  low: number | null;
  high: number | null;
}

export interface Lift {
  with: QuoteGroup;
  without: QuoteGroup;
  /** Both groups have at least LIFT_MIN_VISITS visits. */
  enough: boolean;
  /** with.rate − without.rate (a difference of proportions), null when not enough. */
  difference: number | null;
}

export interface ProductLift {
  product: number;
  ar: Lift;
  interaction: Lift;
}

export interface InsightsView {
  /** Visits of the scope and period that pass the filters: every figure below is over them. */
  visits: number;
  /** The values the filters may take: those of the scope's and period's visits, before filtering. */
  options: {
    sources: string[];
    campaigns: string[];
    countries: string[];
    devices: DeviceClass[];
    platforms: ArPlatform[];
  };
  ar: Array<ArOutcome & { platform: ArPlatform }>;
  /** null: device class unknown. */
  arByDevice: Array<ArOutcome & { device: DeviceClass | null }>;
  /** (product, platform) pairs whose AR is failing by the same rule, worst rate first. */
  failingProducts: Array<{
    product: number;
    platform: ArPlatform;
    launched: number;
    failed: number;
    failureRate: number;
  }>;
  attention: {
    /** Dwell (ms) per attention bucket (ATTENTION_BUCKETS). */
    dwell: number[];
    total: number;
    /** Up to TOP_BUCKETS buckets with dwell, most looked first (ties: lower index). */
    top: number[];
    /** Dwell per angle, near and far together: index band * AZIMUTH_SECTORS + sector. */
    angles: number[];
    /** Angles under IGNORED_SHARE of the dwell (empty without dwell). */
    ignored: number[];
  };
  engagement: {
    /** Median (percentile_cont 0.5) of active time per visit, null without visits. */
    medianActiveMs: number | null;
    medianVisibleMs: number | null;
    /** Visits per active-time bin (ACTIVE_BIN_LABELS). */
    distribution: number[];
    /** Visits with a first interaction. */
    interacted: number;
    /** Median time to the first interaction over those visits. */
    medianFirstInteractionMs: number | null;
  };
  lift: {
    /** AR try vs none, and 3D interaction vs view only, over all the visits. */
    ar: Lift;
    interaction: Lift;
    products: ProductLift[];
    /** Products with enough data, largest AR difference first (ties: product id), TOP_LIFT_PRODUCTS at most. */
    topAr: ProductLift[];
  };
  /** The worker's count of record changes it was computed from (see DashboardView.dataVersion). */
  dataVersion?: number;
}

export const isDeviceClass = (v: unknown): v is DeviceClass => (DEVICE_CLASSES as readonly unknown[]).includes(v);
export const isArPlatform = (v: unknown): v is ArPlatform => (AR_PLATFORMS as readonly unknown[]).includes(v);
