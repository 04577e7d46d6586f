/** How many particles of each kind the hero draws (spec §9). */
export interface ParticleCounts {
  /** small dots */
  dots: number;
  /** soft glowing blobs */
  glows: number;
  /** thin rings */
  rings: number;
}

/** Weak device or width under 480 px: 15/8/3; under 768 px: 30/15/8; otherwise 80/40/20. */
export function particleCounts(width: number, weakDevice: boolean): ParticleCounts {
  if (weakDevice || width < 480) return { dots: 15, glows: 8, rings: 3 };
  if (width < 768) return { dots: 30, glows: 15, rings: 8 };
  return { dots: 80, glows: 40, rings: 20 };
}

interface DeviceHints {
  hardwareConcurrency?: number;
  deviceMemory?: number;
  connection?: { saveData?: boolean };
}

/** Few cores, little memory or the data saver on: treat the device as weak. */
export function isWeakDevice(nav: DeviceHints): boolean {
  if (nav.connection?.saveData) return true;
  if (typeof nav.hardwareConcurrency === 'number' && nav.hardwareConcurrency > 0 && nav.hardwareConcurrency <= 2) return true;
  if (typeof nav.deviceMemory === 'number' && nav.deviceMemory > 0 && nav.deviceMemory <= 2) return true;
  return false;
}
