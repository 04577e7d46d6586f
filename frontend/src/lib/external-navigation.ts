/**
 * Leaving the app for a page of the payment provider (checkout, card change, hosted invoice). One seam, so tests can
 * replace it (jsdom does not navigate): `vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {})`.
 */
export const externalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
