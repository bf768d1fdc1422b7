import { describe, expect, it } from 'vitest';
import { occupancyRefusal, roomsNeeded } from './occupancy.ts';

const family = { maxAdultsPerRoom: 3, maxPeoplePerRoom: 4 };
const couples = { maxAdultsPerRoom: 2, maxPeoplePerRoom: 2 };

describe('rooms a party needs', () => {
  it('counts adults per room and people (adults and children) per room', () => {
    expect(roomsNeeded({ adults: 2, children: 2 }, family)).toBe(1);
    expect(roomsNeeded({ adults: 3, children: 2 }, family)).toBe(2);
    expect(roomsNeeded({ adults: 4, children: 0 }, family)).toBe(2);
    expect(roomsNeeded({ adults: 2, children: 1 }, couples)).toBe(2);
  });

  it('says how many rooms a line needs, and when each would need an adult', () => {
    expect(occupancyRefusal({ adults: 3, children: 2, rooms: 2 }, family)).toBeNull();
    expect(occupancyRefusal({ adults: 3, children: 2, rooms: 1 }, family)).toBe(
      '3 adults and 2 children need at least 2 rooms (a room here takes at most 3 adults and 4 people). Choose 2 rooms or more.',
    );
    expect(occupancyRefusal({ adults: 1, children: 3, rooms: 1 }, couples)).toMatch(
      /^1 adult and 3 children need at least 2 rooms .*each room needs an adult/,
    );
  });
});
