import { RequireStaff } from '../admin-session.tsx';

export default function Page() {
  return <RequireStaff>{() => null}</RequireStaff>;
}
