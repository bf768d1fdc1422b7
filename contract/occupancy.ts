/*
 * Who fits in a room (issue 19), shared by the server (CreateCart refuses a line its rooms cannot
 * take) and the package page (which picks enough rooms as the party grows). Infants share a bed
 * and are not counted. No zod here: the package page imports it.
 */

export interface Occupancy {
  maxAdultsPerRoom: number;
  maxPeoplePerRoom: number;
}

/** The fewest rooms a party needs on a package: its adults per room and its people (adults and children) per room. */
export function roomsNeeded(party: { adults: number; children: number }, room: Occupancy): number {
  return Math.max(
    1,
    Math.ceil(party.adults / room.maxAdultsPerRoom),
    Math.ceil((party.adults + party.children) / room.maxPeoplePerRoom),
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Why a line's rooms cannot take its party, or null when they can: "3 adults and 2 children need at least 2 rooms …".
 */
export function occupancyRefusal(
  party: { adults: number; children: number; rooms: number },
  room: Occupancy,
): string | null {
  const need = roomsNeeded(party, room);
  if (party.rooms >= need) return null;
  const who = [count(party.adults, 'adult', 'adults'), party.children ? count(party.children, 'child', 'children') : '']
    .filter(Boolean)
    .join(' and ');
  const rule = `a room here takes at most ${count(room.maxAdultsPerRoom, 'adult', 'adults')} and ${count(room.maxPeoplePerRoom, 'person', 'people')}`;
  const verb = party.adults + party.children === 1 ? 'needs' : 'need';
  if (need > party.adults)
    return `${who} ${verb} at least ${count(need, 'room', 'rooms')} (${rule}), and each room needs an adult: add an adult or book fewer children on this line.`;
  return `${who} ${verb} at least ${count(need, 'room', 'rooms')} (${rule}). Choose ${need} rooms or more.`;
}
