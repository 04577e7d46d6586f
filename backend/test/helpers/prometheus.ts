/** One sample of Prometheus's text format (version 0.0.4): `name{label="value",…} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  /** `# TYPE` of each metric family */
  types: Map<string, string>;
  /** `# HELP` of each metric family */
  help: Map<string, string>;
  /** The value of the one sample with exactly these labels (undefined when absent) */
  value(name: string, labels?: Record<string, string>): number | undefined;
  /** Samples of `name` whose labels include `labels` */
  find(name: string, labels?: Record<string, string>): Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?\\d+))?$`);
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y;

/** A sample's value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case; prom-client writes `Nan`). */
function number(text: string): number {
  if (/^[+]?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`valeur illisible : ${text}`);
  return value;
}

function labelsOf(text: string | undefined, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  if (!text) return labels;
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`étiquettes illisibles : ${line}`);
    labels[match[1]] = match[2].replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
    if (!match[3]) break;
  }
  return labels;
}

/**
 * Parses the text `/api/metrics` answers, strictly: every line is a comment (`# HELP`, `# TYPE`) or a sample, each
 * sample's family declared by a `# TYPE` before it; anything else throws.
 */
export function parsePrometheus(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const help = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(comment[3])) throw new Error(`type inconnu : ${line}`);
        types.set(comment[2], comment[3]);
      } else help.set(comment[2], comment[3]);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`ligne illisible : ${line}`);
    const family = [...types.keys()].find((name) => match[1] === name || new RegExp(`^${name}_(bucket|sum|count|total)$`).test(match[1]));
    if (!family) throw new Error(`échantillon sans # TYPE : ${line}`);
    samples.push({ name: match[1], labels: labelsOf(match[2], line), value: number(match[3]) });
  }
  const includes = (sample: Sample, labels: Record<string, string>) => Object.entries(labels).every(([k, v]) => sample.labels[k] === v);
  const find = (name: string, labels: Record<string, string> = {}) => samples.filter((s) => s.name === name && includes(s, labels));
  return {
    samples,
    types,
    help,
    find,
    value(name, labels = {}) {
      return find(name, labels).find((s) => Object.keys(s.labels).length === Object.keys(labels).length)?.value;
    },
  };
}
