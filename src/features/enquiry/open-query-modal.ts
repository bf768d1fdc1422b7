/** Asks the enquiry layer (mounted once in the app) to open the "Get a call back" modal. */
export const OPEN_QUERY_MODAL_EVENT = 'wanderlust:open-query-modal';

/** Asked for and not yet opened: the layer's code loads after the page, so it may not be listening yet. */
let asked = false;

export function openQueryModal(): void {
  asked = true;
  window.dispatchEvent(new Event(OPEN_QUERY_MODAL_EVENT));
}

/** Whether the modal was asked for and not opened yet (the layer opens it and clears the request). */
export function takeQueryModalRequest(): boolean {
  const was = asked;
  asked = false;
  return was;
}
