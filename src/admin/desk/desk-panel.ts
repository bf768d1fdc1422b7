import type { DeskBookingDetail } from '../../../contract/desk.ts';
import type { StaffMe } from '../../../contract/staff.ts';

/**
 * What each panel of the booking detail page gets: the booking as the desk answered it, who is signed in, and a reload
 * after a change.
 */
export interface DeskPanelProps {
  booking: DeskBookingDetail;
  me: StaffMe;
  onChanged: () => void;
}
