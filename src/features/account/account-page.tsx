import { Link } from 'react-router-dom';
import { useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { COOKIE } from '../../lib/cookies.ts';
import { browserCookies } from '../../lib/identity.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { MyDataSection } from './my-data-section.tsx';
import { PersonalDetailsForm } from './personal-details-form.tsx';
import { PhotoUpload } from './photo-upload.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SignOutButton } from './sign-out.tsx';
import { usePersonalDetails, useProfile } from './use-account-data.ts';
import { announceSessionChange } from './session-jar.ts';
import { refreshSession, useSession } from './use-session.ts';
import './account.css';

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section className="account-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Account({ userId }: { userId: string }) {
  const { href } = useSite();
  const profile = useProfile(userId);
  const details = usePersonalDetails(userId);
  const p = profile.data;
  const since = browserCookies.get(COOKIE.loginDatePretty);
  /** A change others see (name, photo): this tab's session and the other tabs' catch up. */
  const changed = () => {
    announceSessionChange();
    void refreshSession();
  };

  return (
    <div className="account-page">
      <header className="account-card account-head">
        {p?.imageUrl ? (
          <img className="account-avatar" src={p.imageUrl} alt="Your profile photo" width="72" height="72" />
        ) : (
          <span className="account-avatar" aria-hidden="true">
            {(p?.firstName || p?.email || p?.phone || '?').slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <h1>{p ? p.name || 'Your account' : 'Your account'}</h1>
          <p className="account-meta">{p ? [p.email, p.phone].filter(Boolean).join(' · ') : 'Loading…'}</p>
          {since ? <p className="account-meta">Logged in since {since} UTC</p> : null}
        </div>
      </header>
      {profile.error && !p ? (
        <p role="alert" className="notice notice-error">
          {profile.error.message}
        </p>
      ) : null}
      <Section title="My trips" id="trips-heading">
        <p className="acc-hint">Your bookings, what is left to pay, and your passport and visa copies.</p>
        <Link className="button" to={href('/trips')}>
          Open My trips
        </Link>
      </Section>
      <Section title="Profile" id="profile-heading">
        {p ? (
          <ProfileForm
            key={p.userId}
            profile={p}
            onSaved={(saved) => {
              void profile.mutate(saved, { revalidate: false });
              changed();
            }}
          />
        ) : (
          <p className="acc-hint">Loading your profile…</p>
        )}
      </Section>
      <Section title="Profile photo" id="photo-heading">
        <PhotoUpload
          onUploaded={(imageUrl) => {
            if (p) void profile.mutate({ ...p, imageUrl }, { revalidate: false });
            changed();
          }}
        />
      </Section>
      <Section title="Personal details" id="details-heading">
        {details.data ? (
          <PersonalDetailsForm
            key={details.data.userId}
            details={details.data}
            onSaved={(d) => void details.mutate({ ...d, userId: details.data!.userId }, { revalidate: false })}
          />
        ) : details.error ? (
          <p role="alert" className="notice notice-error">
            {details.error.message}
          </p>
        ) : (
          <p className="acc-hint">Loading your details…</p>
        )}
      </Section>
      <Section title="Change password" id="password-heading">
        <ChangePasswordForm />
      </Section>
      <Section title="Your data" id="data-heading">
        <MyDataSection hasPassword={p?.hasPassword ?? true} email={p?.email ?? null} />
      </Section>
      <SignOutButton />
    </div>
  );
}

/** The signed-in traveller's account; a visitor is sent to log in (SessionRequired). */
export default function AccountPage() {
  // Polled every 5 minutes too, so a sign-in revoked elsewhere (password changed) is noticed here.
  const session = useSession({ required: true, refetchInterval: 300 });
  return (
    <>
      <Seo
        title="Your account"
        description="Your Wanderlust Holidays profile, photo, personal details and password."
        noindex
      />
      {session.status === 'authenticated' && session.data ? (
        <Account userId={session.data.user.id} />
      ) : (
        <p className="section" role="status">
          {session.status === 'loading' ? 'Loading your account…' : 'Taking you to log in…'}
        </p>
      )}
    </>
  );
}
