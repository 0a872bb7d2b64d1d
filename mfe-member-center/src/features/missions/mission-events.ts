// Tells the member centre's menu that a claim changed the member's missions (its badge counts the
// open ones): the page dispatches, the overlay listens and reads the count again.
export const missionEvents = new EventTarget();
export const MISSIONS_CHANGED = 'missions-changed';
export const missionsChanged = (): void => {
  missionEvents.dispatchEvent(new Event(MISSIONS_CHANGED));
};
