/**
 * The campaign tracking parameters of product.md §3, read from the page address;
 * each is '' when absent. Kept apart from the valibot schemas so the sign-in card can read them
 * without bundling the request schemas.
 */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

export type Tracking = Record<(typeof UTM_KEYS)[number], string>;

export function trackingParameters(search: string): Tracking {
  const query = new URLSearchParams(search);
  return Object.fromEntries(UTM_KEYS.map((key) => [key, query.get(key) ?? ''])) as Tracking;
}
