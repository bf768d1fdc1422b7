/** Asks the enquiry layer (mounted once in the app) to open the "Get a call back" modal. */
export const OPEN_QUERY_MODAL_EVENT = 'wanderlust:open-query-modal';

export function openQueryModal(): void {
  window.dispatchEvent(new Event(OPEN_QUERY_MODAL_EVENT));
}
