// Whom a queue that assigns gives its next waiting ticket (issue 40 point 4): an online attendant
// below capacity (null = no limit); round robin takes the first after the last one given a ticket
// (by id, wrapping), least open the one holding fewest live tickets (the lower id on a tie).
export type AssignmentMode = 'roundRobin' | 'leastOpen';
export type Attendant = { id: number; capacity: number | null; liveTickets: number };

const hasRoom = (attendant: Attendant) => attendant.capacity === null || attendant.liveTickets < attendant.capacity;

export const pickAttendant = (mode: AssignmentMode, attendants: Attendant[], lastAssignedUserId: number | null): Attendant | undefined => {
  const open = attendants.filter(hasRoom).sort((a, b) => a.id - b.id);
  if (mode === 'leastOpen') return [...open].sort((a, b) => a.liveTickets - b.liveTickets || a.id - b.id)[0];
  return open.find((attendant) => lastAssignedUserId === null || attendant.id > lastAssignedUserId) ?? open[0];
};
