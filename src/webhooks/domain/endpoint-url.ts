import { InvalidInputError } from '../../platform/errors.js';

const MAX_URL_LENGTH = 2_000;

const refuse = (reason: string) => new InvalidInputError('url', reason);

/**
 * An endpoint's URL as it is stored and called: absolute, https (or http outside production), no
 * credentials in it (the signature is what authenticates a delivery), no fragment.
 */
export function endpointUrl(text: string, { httpsOnly }: { httpsOnly: boolean }): URL {
  if (text.length > MAX_URL_LENGTH) throw refuse(`debe tener a lo más ${MAX_URL_LENGTH} caracteres`);
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) {
    throw refuse(httpsOnly ? 'debe ser una URL https absoluta' : 'debe ser una URL http o https absoluta');
  }
  if (httpsOnly && url.protocol !== 'https:') throw refuse('debe usar https');
  if (url.username || url.password) throw refuse('no debe llevar usuario ni contraseña');
  url.hash = '';
  return url;
}

/** The host a URL's name is looked up by: an IPv6 literal without its brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');
