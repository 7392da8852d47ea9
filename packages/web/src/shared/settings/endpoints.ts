/**
 * The servers a person can choose between (settings "server selection", the network-error
 * screen): this server ('' = the page's own origin) first, then the base URLs saved in the
 * settings, then the one in use if it is neither. A saved URL equal to the page's origin is this
 * server, not a second entry.
 */
export function endpointChoices(saved: readonly string[], current: string, origin: string): string[] {
  return [...new Set(['', ...saved.map((u) => endpointKey(u, origin)), endpointKey(current, origin)])];
}

/** One spelling per server: no trailing slash, and '' for the page's own origin. */
export function endpointKey(url: string, origin: string): string {
  const t = url.trim().replace(/\/+$/, '');
  return t === origin ? '' : t;
}

/** How a choice is shown: this server is named with its origin so the person sees where it goes. */
export function endpointLabel(url: string, origin: string, thisServer: string): string {
  return url === '' ? `${thisServer} (${origin})` : url;
}
