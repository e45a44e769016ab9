/**
 * The simulator's switchboard for transfers: the callee of each talking call (voice-calls.ts) listens for its call's
 * transfer while it talks, and the calls API (api/routes/simulator) announces a transfer once it recorded it; the
 * callee then stops the media stream (`stop`, reason `transferred`), as a vendor's cloud takes the call off the
 * stream. Calls API and callees run in the same API process, the simulator's cloud; one listener per call.
 */
const listeners = new Map<string, (destination: string) => void>();

/** Listens for the transfer of call `callSid` until the returned function is called. */
export function listenForTransfer(callSid: string, listener: (destination: string) => void): () => void {
  listeners.set(callSid, listener);
  return () => {
    if (listeners.get(callSid) === listener) listeners.delete(callSid);
  };
}

/** Tells the call's callee it was transferred; false when no callee of this process is talking on it. */
export function announceTransfer(callSid: string, destination: string): boolean {
  const listener = listeners.get(callSid);
  if (!listener) return false;
  listeners.delete(callSid);
  listener(destination);
  return true;
}
