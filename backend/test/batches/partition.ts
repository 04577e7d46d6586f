/**
 * How the e2e spec files are packed into the batches the full run uses (see batches.ts): into exactly `count` batches,
 * the first the heaviest and each next one lighter, so that Jest's two workers, taking the batches in order, start
 * with the long ones and end together on short ones. Each batch takes the heaviest files left while they fit in a
 * quarter of what is left (at least `floor` seconds, at least its first file); the last takes whatever remains.
 */
export interface Weighed {
  name: string;
  /** Its measured duration, in seconds. */
  seconds: number;
}

export function partition(files: readonly Weighed[], count: number, floor = 15): string[][] {
  if (count < 1) throw new Error('au moins un lot');
  const rest = [...files].sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
  const batches: string[][] = [];
  for (let n = 1; n <= count; n++) {
    if (n === count) {
      batches.push(rest.splice(0).map((f) => f.name));
      break;
    }
    const remaining = rest.reduce((sum, f) => sum + f.seconds, 0);
    const cap = Math.max(floor, remaining / 4, rest[0]?.seconds ?? 0);
    const batch: string[] = [];
    let filled = 0;
    for (let i = 0; i < rest.length;) {
      if (batch.length === 0 || filled + rest[i].seconds <= cap) {
        filled += rest[i].seconds;
        batch.push(rest.splice(i, 1)[0].name);
      } else i++;
    }
    batches.push(batch);
  }
  return batches;
}
