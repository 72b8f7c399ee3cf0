import type { OrderRequest } from '../../orders/domain/order-request.js';

/**
 * The body of the legacy's `POST {base}/applications/orders`, from a request that passed the
 * native rules. Only the seven fields its interface documents: the legacy documents no others, so clientName and
 * the titles (personal data for the one, a strict legacy's 400 for all) are not sent; REST then
 * answers the legacy's order as it wrote it. The destination is the origin for on-site services,
 * as in native mode, and the plate goes upper-cased without spaces or hyphens, as native stores it.
 */
export function legacyRequestBody(request: OrderRequest) {
  return {
    originLatitude: request.origin.latitude,
    originLongitude: request.origin.longitude,
    destinationLatitude: request.destination.latitude,
    destinationLongitude: request.destination.longitude,
    serviceId: request.serviceCode,
    phoneNumber: request.phoneNumber,
    vehicleIdentification: request.vehicleIdentification,
  };
}
