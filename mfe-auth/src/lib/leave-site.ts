/** Sends the browser to another address (a social login's provider), leaving this page. */
export function leaveSite(address: string): void {
  window.location.assign(address);
}
