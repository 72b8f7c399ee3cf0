/** Where the sandbox's checkout pages are served: a payment link is this path and its reference. */
export const SANDBOX_PATH = '/sandbox/payments/';
