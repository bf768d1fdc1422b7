import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatTravelDate } from '../../../contract/format.ts';
import { addSeasonCall, listDeparturesCall, setDepartureCall } from '../../../contract/admin-inventory-calls.ts';
import {
  SEASON_MAX_DATES,
  WEEKDAY_NAMES,
  type AdminDeparture,
  type AdminDepartureList,
} from '../../../contract/inventory.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';
import { CardTable } from '../desk/card-table.tsx';
import { ListMessages, useEditableList } from '../edit-list.tsx';

/** Empty: the package's default (null); otherwise a whole number. */
const roomsValue = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === '' ? null : Number(v));

/** One date's allotment and stop-sale (a date not scheduled yet is added). */
function DateForm({
  packageId,
  edit,
  onDone,
}: {
  packageId: number;
  edit: AdminDeparture | null;
  onDone: (message: string, ok: boolean) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (edit) first.current?.focus();
  }, [edit]);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const date = String(form.get('date') ?? '');
    if (!date) return onDone('Choose the date.', false);
    setBusy(true);
    const answer = await adminApi(setDepartureCall, {
      params: { id: packageId, date },
      body: { rooms: roomsValue(form.get('rooms')), stopSale: form.get('stopSale') === 'on' },
    });
    setBusy(false);
    onDone(answer.message, answer.ok);
  };
  return (
    <form
      className="admin-form"
      aria-label="Set one date"
      onSubmit={(e) => void submit(e)}
      key={edit?.travelDate ?? 'new'}
    >
      <h2>Set one date</h2>
      <label htmlFor={`${id}-date`}>Date</label>
      <input ref={first} id={`${id}-date`} name="date" type="date" required defaultValue={edit?.travelDate ?? ''} />
      <label htmlFor={`${id}-rooms`}>Rooms (empty: the package’s default)</label>
      <input
        id={`${id}-rooms`}
        name="rooms"
        type="number"
        min={0}
        max={10000}
        inputMode="numeric"
        defaultValue={edit?.rooms ?? ''}
      />
      <label className="admin-check">
        <input name="stopSale" type="checkbox" defaultChecked={edit?.stopSale ?? false} /> Stop sale (no new holds on
        this date)
      </label>
      <button type="submit" disabled={busy}>
        Save the date
      </button>
    </form>
  );
}

/** Every chosen weekday between two dates, with one allotment. */
function SeasonForm({ packageId, onDone }: { packageId: number; onDone: (message: string, ok: boolean) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const weekdays = form.getAll('weekday').map(Number);
    setBusy(true);
    const answer = await adminApi(addSeasonCall, {
      params: { id: packageId },
      body: {
        from: String(form.get('from') ?? ''),
        to: String(form.get('to') ?? ''),
        weekdays,
        rooms: roomsValue(form.get('rooms')),
        existing: form.get('existing') === 'update' ? 'update' : 'keep',
      },
    });
    setBusy(false);
    onDone(answer.message, answer.ok);
  };
  return (
    <form className="admin-form" aria-label="Add a season" onSubmit={(e) => void submit(e)}>
      <h2>Add a season</h2>
      <p>Every chosen weekday from one date to another (at most {SEASON_MAX_DATES} dates).</p>
      <label htmlFor={`${id}-from`}>From</label>
      <input id={`${id}-from`} name="from" type="date" required />
      <label htmlFor={`${id}-to`}>To</label>
      <input id={`${id}-to`} name="to" type="date" required />
      <fieldset>
        <legend>Weekdays</legend>
        {WEEKDAY_NAMES.map((name, i) => (
          <label key={name} className="admin-check">
            <input type="checkbox" name="weekday" value={i} /> {name}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-rooms`}>Rooms per date (empty: the package’s default)</label>
      <input id={`${id}-rooms`} name="rooms" type="number" min={0} max={10000} inputMode="numeric" />
      <fieldset>
        <legend>Dates already scheduled</legend>
        <label className="admin-check">
          <input type="radio" name="existing" value="keep" defaultChecked /> Leave them as they are
        </label>
        <label className="admin-check">
          <input type="radio" name="existing" value="update" /> Set them to these rooms
        </label>
      </fieldset>
      <button type="submit" disabled={busy}>
        Add the season
      </button>
    </form>
  );
}

function Departures({ packageId }: { packageId: number }) {
  const {
    data: list,
    error,
    notice,
    editing: edit,
    setEditing: setEdit,
    done,
  } = useEditableList<AdminDepartureList, AdminDeparture>(listDeparturesCall, { id: packageId });
  const fallback = list?.package.roomsPerDeparture ?? null;
  return (
    <>
      {list ? (
        <p>
          {list.package.title} · default {fallback === null ? 'no limit' : `${fallback} rooms`} a date ·{' '}
          <Link to="/admin/packages">All packages</Link>
        </p>
      ) : null}
      <ListMessages error={error} notice={notice} />
      {list === null ? (
        <p role="status">{error ? '' : 'Loading the departures…'}</p>
      ) : list.items.length === 0 ? (
        <p>
          No departures from today: add a season or a date below. Without them, any date sells at the package’s default.
        </p>
      ) : (
        <CardTable
          label="Departures"
          caption="Departures from today"
          columns={[
            { label: 'Date', cell: (d) => formatTravelDate(d.travelDate) },
            {
              label: 'Allotment',
              cell: (d) =>
                d.rooms !== null ? d.rooms : d.capacity === null ? 'default (no limit)' : `default (${d.capacity})`,
            },
            { label: 'Sold', cell: (d) => d.sold },
            { label: 'Held', cell: (d) => d.held },
            { label: 'Left', cell: (d) => (d.left === null ? 'no limit' : d.left) },
            {
              label: 'Sale',
              cell: (d) => (d.stopSale ? 'Stop sale' : d.scheduled ? 'On sale' : 'On sale (not scheduled)'),
            },
            {
              label: 'Edit',
              cell: (d) => (
                <button type="button" onClick={() => setEdit(d)} aria-label={`Edit ${d.travelDate}`}>
                  Edit
                </button>
              ),
            },
          ]}
          items={list.items}
          rowKey={(d) => d.travelDate}
          rowTestId={(d) => `departure-${d.travelDate}`}
          rowHeader
        />
      )}
      <DateForm packageId={packageId} edit={edit} onDone={done} />
      <SeasonForm packageId={packageId} onDone={done} />
    </>
  );
}

export default function Page() {
  const { id = '' } = useParams();
  const packageId = Number(id);
  return (
    <>
      <title>Departures · Back office</title>
      <h1>Departures</h1>
      <RequireStaff action="catalogue.edit">
        {() =>
          Number.isInteger(packageId) && packageId > 0 ? (
            <Departures packageId={packageId} />
          ) : (
            <p role="alert">This is not a package’s address.</p>
          )
        }
      </RequireStaff>
    </>
  );
}
