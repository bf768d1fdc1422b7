import type { DeskPanelProps } from './desk-panel.ts';

/** What the policy keeps and refunds, cancel, refunds per payment and credit notes (bookings.cancel, refunds.make). */
export function CancelPanel(_props: DeskPanelProps) {
  return null;
}
