import type { DeskPanelProps } from './desk-panel.ts';

/** Record a payment received outside the shop (payments.record). */
export function PaymentPanel(_props: DeskPanelProps) {
  return null;
}
