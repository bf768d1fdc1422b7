import type { DeskPanelProps } from './desk-panel.ts';

/** Resend the confirmation, invoice and vouchers; correct a traveller's name (mail.resend, travellers.edit). */
export function BookingActionsPanel(_props: DeskPanelProps) {
  return null;
}
