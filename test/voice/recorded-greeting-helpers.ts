/** Where a recorded line's samples sit in a call's agent track: they must appear there unchanged. */

/** The first sample index at which `line` appears exactly in `track`, or -1. */
export function offsetOf(track: Int16Array, line: Int16Array): number {
  const first = line.findIndex((sample) => sample !== 0);
  if (first < 0) throw new Error('a silent line cannot be found');
  for (let at = first; at + line.length - first <= track.length; at++) {
    if (track[at] !== line[first]) continue;
    let same = true;
    for (let i = first; i < line.length && same; i++) same = track[at - first + i] === line[i];
    if (same) return at - first;
  }
  return -1;
}

/** The index of the first sample that is not silence, or -1. */
export const firstSound = (track: Int16Array): number => track.findIndex((sample) => sample !== 0);
