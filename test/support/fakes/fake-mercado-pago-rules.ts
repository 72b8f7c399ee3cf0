// What the fake Mercado Pago checks in a preference, as the API reference lists its 400
// errors (https://www.mercadopago.cl/developers/en/reference/preferences/_checkout_preferences/post),
// and the summary a preference search answers with.

/** Why the items would be refused, if they would. */
export function itemsProblem(items: unknown): string | undefined {
  if (!Array.isArray(items) || items.length === 0) return 'items needed.';
  for (const item of items) {
    if (typeof item?.currency_id !== 'string' || !item.currency_id) return 'currency_id needed.';
    if (!Number.isInteger(item.quantity)) return 'items.0.quantity must be a integer';
    if (typeof item.unit_price !== 'number' || item.unit_price <= 0) return 'unit_price invalid.';
    // Chilean pesos have no decimals at Mercado Pago.
    if (item.currency_id === 'CLP' && !Number.isInteger(item.unit_price)) return 'unit_price invalid.';
  }
  return undefined;
}

/** Why the validity window would be refused, if it would: `to` is needed, and not before `from`. */
export function datesProblem(expires: unknown, from: unknown, to: unknown): string | undefined {
  if (!expires) return undefined;
  if (typeof to !== 'string' || Number.isNaN(Date.parse(to))) return 'invalid_expiration_date_to';
  if (from != null && (typeof from !== 'string' || Number.isNaN(Date.parse(from)))) return 'invalid_expiration_date_from';
  if (typeof from === 'string' && Date.parse(from) > Date.parse(to)) return 'invalid_expiration_date_to';
  return undefined;
}

/** A preference as the search lists it. */
export const summary = (p: Record<string, any>) => ({
  id: p.id,
  client_id: p.client_id,
  collector_id: p.collector_id,
  date_created: p.date_created,
  expiration_date_from: p.expiration_date_from,
  expiration_date_to: p.expiration_date_to,
  expires: p.expires,
  external_reference: p.external_reference,
  items: p.items.map((i: { title: string }) => i.title),
  live_mode: false,
  operation_type: p.operation_type,
  site_id: 'MLC',
});
