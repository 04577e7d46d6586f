/**
 * A runtime check derived from the `stripe` SDK's own TypeScript types (which Stripe generates from its OpenAPI
 * description for the pinned API version): the TypeScript compiler reads the SDK's declarations, and each JSON value
 * is walked against the declared type of its kind (`Stripe.Invoice`, `Stripe.Event`…). A divergence is a missing
 * always-present field, a field the type does not declare, a value of the wrong type, or an enum value the version
 * does not list (the SDK widens its enums with `OtherString` for readers; a sender must use a listed value). `*_decimal`
 * fields, `Decimal` in the SDK once read, are decimal strings on the wire.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const HERE = dirname(fileURLToPath(import.meta.url));
/** Where `stripe` resolves from: the sandbox's own dependency, the version the product pins. */
const SANDBOX_DIR = resolve(HERE, '..');
const ENTRY = join(SANDBOX_DIR, '__stripe_conformance__.ts');

/** Object kinds (their `object` field) and the SDK type each one is checked against. */
const KINDS: Record<string, string> = {
  'checkout.session': 'Stripe.Checkout.Session',
  charge: 'Stripe.Charge',
  customer: 'Stripe.Customer',
  'customer (deleted)': 'Stripe.DeletedCustomer',
  event: 'Stripe.Event',
  invoice: 'Stripe.Invoice',
  invoice_payment: 'Stripe.InvoicePayment',
  invoiceitem: 'Stripe.InvoiceItem',
  mandate: 'Stripe.Mandate',
  item: 'Stripe.LineItem',
  line_item: 'Stripe.InvoiceLineItem',
  list: 'Stripe.ApiList<unknown>',
  payment_intent: 'Stripe.PaymentIntent',
  payment_method: 'Stripe.PaymentMethod',
  plan: 'Stripe.Plan',
  price: 'Stripe.Price',
  product: 'Stripe.Product',
  refund: 'Stripe.Refund',
  setup_intent: 'Stripe.SetupIntent',
  subscription: 'Stripe.Subscription',
  subscription_item: 'Stripe.SubscriptionItem',
  'test_helpers.test_clock': 'Stripe.TestHelpers.TestClock',
  'test_helpers.test_clock (deleted)': 'Stripe.TestHelpers.DeletedTestClock',
  error: '{ error: StripeRawError }',
};

export interface Divergence {
  /** Where the value was seen (`POST /v1/subscriptions/sub_… → 200`, `event invoice.paid`…) */
  source: string;
  /** JSON path in the value (`lines.data[0].parent.type`) */
  path: string;
  message: string;
}

type Json = Record<string, unknown>;

function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export class StripeTypes {
  private readonly checker: ts.TypeChecker;
  private readonly kinds = new Map<string, ts.Type>();
  private readonly propsCache = new Map<ts.Type, { props: Map<string, { type: ts.Type; optional: boolean }>; index?: ts.Type }>();
  private readonly decimal?: ts.Symbol;

  constructor() {
    const entrySource = [
      "import type Stripe from 'stripe';",
      "import type { StripeRawError } from 'stripe/cjs/Types.js';",
      'export interface Kinds {',
      ...Object.entries(KINDS).map(([kind, type]) => `  ${JSON.stringify(kind)}: ${type};`),
      '}',
    ].join('\n');
    const options: ts.CompilerOptions = {
      strict: true,
      esModuleInterop: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      target: ts.ScriptTarget.ES2022,
    };
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version, onError) =>
      resolve(name) === ENTRY ? ts.createSourceFile(name, entrySource, version) : getSourceFile(name, version, onError);
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => resolve(name) === ENTRY || fileExists(name);
    const program = ts.createProgram([ENTRY], options, host);
    const problems = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
    if (problems.length)
      throw new Error(`The stripe SDK's types could not be read: ${ts.flattenDiagnosticMessageText(problems[0].messageText, '\n')}`);
    this.checker = program.getTypeChecker();
    const entry = program.getSourceFile(ENTRY)!;
    const kindsDecl = entry.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s))!;
    const kindsType = this.checker.getTypeAtLocation(kindsDecl);
    for (const prop of this.checker.getPropertiesOfType(kindsType)) this.kinds.set(prop.name, this.checker.getTypeOfSymbol(prop));
    const decimalFile = program.getSourceFiles().find((f) => /stripe[\\/]cjs[\\/]Decimal\.d\.ts$/.test(f.fileName));
    if (decimalFile) {
      const moduleSymbol = this.checker.getSymbolAtLocation(decimalFile);
      this.decimal = moduleSymbol && this.checker.getExportsOfModule(moduleSymbol).find((s) => s.name === 'Decimal');
    }
  }

  /** The kind a JSON value is checked as: its `object` (a deleted customer apart), `error` for an error body. */
  static kindOf(value: unknown): string {
    if (typeof value !== 'object' || value === null) return '(not an object)';
    const v = value as Json;
    if ('error' in v && !('object' in v)) return 'error';
    if ((v.object === 'customer' || v.object === 'test_helpers.test_clock') && v.deleted === true) return `${v.object} (deleted)`;
    return typeof v.object === 'string' ? v.object : '(no object field)';
  }

  static kinds(): string[] {
    return Object.keys(KINDS);
  }

  /**
   * Every divergence of `value` from its kind's type. A list is checked as Stripe's list envelope, then each element
   * as its own kind.
   */
  check(value: unknown, source: string): { kind: string; divergences: Divergence[] } {
    const kind = StripeTypes.kindOf(value);
    const type = this.kinds.get(kind);
    if (!type) return { kind, divergences: [{ source, path: '', message: `objet d'un type inconnu du SDK : ${kind}` }] };
    const divergences: Divergence[] = [];
    this.walk(value, type, '', (path, message) => divergences.push({ source, path, message }));
    if (kind === 'list') {
      ((value as Json).data as unknown[]).forEach((el, i) => {
        const inner = this.check(el, source);
        for (const d of inner.divergences) divergences.push({ ...d, path: `data[${i}]${d.path ? `.${d.path}` : ''}` });
      });
    }
    return { kind, divergences };
  }

  private walk(value: unknown, type: ts.Type, path: string, report: (path: string, message: string) => void): void {
    const f = type.flags;
    const show = (): string => this.checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation).slice(0, 200);
    const got = (): string =>
      value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : JSON.stringify(value);
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
    if (type.isUnion()) {
      this.walkUnion(value, type, path, report);
      return;
    }
    if (f & ts.TypeFlags.Null) {
      if (value !== null) report(path, `${got()} au lieu de null`);
      return;
    }
    if (f & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) {
      if (value !== undefined) report(path, `${got()} au lieu d'absent`);
      return;
    }
    if (f & ts.TypeFlags.Never) {
      report(path, `${got()} : aucune valeur possible ici`);
      return;
    }
    if (type.isStringLiteral() || type.isNumberLiteral()) {
      if (value !== type.value) report(path, `${got()} au lieu de ${JSON.stringify(type.value)}`);
      return;
    }
    if (f & ts.TypeFlags.BooleanLiteral) {
      const expected = (type as unknown as { intrinsicName: string }).intrinsicName === 'true';
      if (value !== expected) report(path, `${got()} au lieu de ${expected}`);
      return;
    }
    if (f & ts.TypeFlags.String || this.isOtherString(type)) {
      if (typeof value !== 'string') report(path, `${got()} au lieu d'une chaîne`);
      return;
    }
    if (f & ts.TypeFlags.Number) {
      if (typeof value !== 'number') report(path, `${got()} au lieu d'un nombre`);
      return;
    }
    if (f & ts.TypeFlags.Boolean) {
      if (typeof value !== 'boolean') report(path, `${got()} au lieu d'un booléen`);
      return;
    }
    if (this.isDecimal(type)) {
      if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value)) report(path, `${got()} au lieu d'un nombre décimal en chaîne`);
      return;
    }
    if (this.checker.isArrayType(type) || this.checker.isTupleType(type)) {
      if (!Array.isArray(value)) {
        report(path, `${got()} au lieu d'un tableau`);
        return;
      }
      const element = this.checker.getTypeArguments(type as ts.TypeReference)[0];
      value.forEach((el, i) => this.walk(el, element, `${path}[${i}]`, report));
      return;
    }
    if (f & ts.TypeFlags.Object || type.isIntersection()) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        report(path, `${got()} au lieu d'un objet (${show()})`);
        return;
      }
      const { props, index } = this.propsOf(type);
      const v = value as Json;
      for (const [name, prop] of props) {
        const at = path ? `${path}.${name}` : name;
        if (!(name in v)) {
          if (!prop.optional) report(at, 'champ toujours présent absent');
          continue;
        }
        this.walk(v[name], prop.type, at, report);
      }
      for (const key of Object.keys(v)) {
        if (props.has(key)) continue;
        const at = path ? `${path}.${key}` : key;
        if (index) this.walk(v[key], index, at, report);
        else report(at, 'champ que le type du SDK ne déclare pas');
      }
      return;
    }
    report(path, `type du SDK non pris en charge par la vérification : ${show()}`);
  }

  /** One member of the union must match; enum unions lose the SDK's `OtherString`; tagged members are tried first. */
  private walkUnion(value: unknown, type: ts.UnionType, path: string, report: (path: string, message: string) => void): void {
    let members = type.types;
    if (members.some((m) => m.isStringLiteral())) members = members.filter((m) => !this.isOtherString(m));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const v = value as Json;
      const tagged = members.filter((m) => {
        for (const tag of ['object', 'type']) {
          const prop = m.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection) ? this.propsOf(m).props.get(tag) : undefined;
          if (prop && prop.type.isStringLiteral() && prop.type.value !== v[tag]) return false;
        }
        return true;
      });
      if (tagged.length) members = tagged;
    }
    // Only members of the value's JSON kind are candidates (an object is not reported as "not null").
    const kind = jsonKind(value);
    const candidates = members.filter((m) => {
      const k = this.kindOfType(m);
      return k === 'any' || k === kind;
    });
    if (!candidates.length) {
      report(
        path,
        `${kind === 'object' || kind === 'array' ? kind : JSON.stringify(value)} au lieu de ${this.checker.typeToString(type).slice(0, 200)}`,
      );
      return;
    }
    members = candidates;
    let best: Array<[string, string]> | undefined;
    for (const member of members) {
      const found: Array<[string, string]> = [];
      this.walk(value, member, path, (p, m) => found.push([p, m]));
      if (!found.length) return;
      if (!best || found.length < best.length) best = found;
    }
    if (!members.length || !best) {
      report(path, `${JSON.stringify(value)} : valeur que ce type n'admet pas`);
      return;
    }
    if (members.every((m) => m.isStringLiteral() || m.isNumberLiteral() || m.flags & ts.TypeFlags.Null)) {
      report(
        path,
        `${JSON.stringify(value)} n'est pas une valeur de cette version (${members.map((m) => this.checker.typeToString(m)).join(' | ')})`,
      );
      return;
    }
    for (const [p, m] of best) report(p, m);
  }

  /** The JSON kind a type's values have ('any' for any and unknown). */
  private kindOfType(t: ts.Type): string {
    const f = t.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return 'any';
    if (f & ts.TypeFlags.Null) return 'null';
    if (f & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return 'undefined';
    if (f & ts.TypeFlags.StringLike || this.isOtherString(t) || this.isDecimal(t)) return 'string';
    if (f & ts.TypeFlags.NumberLike) return 'number';
    if (f & ts.TypeFlags.BooleanLike) return 'boolean';
    if (this.checker.isArrayType(t) || this.checker.isTupleType(t)) return 'array';
    if (f & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) return 'object';
    return 'any';
  }

  private isDecimal(t: ts.Type): boolean {
    const impl = (x: ts.Type): boolean => x.symbol?.name === 'DecimalImpl';
    return Boolean(this.decimal && t.aliasSymbol === this.decimal) || impl(t) || (t.isIntersection() && t.types.some(impl));
  }

  private isOtherString(type: ts.Type): boolean {
    return type.isIntersection() && type.types.some((t) => t.flags & ts.TypeFlags.String);
  }

  private propsOf(type: ts.Type): { props: Map<string, { type: ts.Type; optional: boolean }>; index?: ts.Type } {
    let found = this.propsCache.get(type);
    if (!found) {
      const props = new Map<string, { type: ts.Type; optional: boolean }>();
      for (const prop of this.checker.getPropertiesOfType(type)) {
        props.set(prop.name, {
          type: this.checker.getTypeOfSymbol(prop),
          optional: (prop.flags & ts.SymbolFlags.Optional) !== 0,
        });
      }
      const index = this.checker.getIndexInfosOfType(type).find((i) => i.keyType.flags & ts.TypeFlags.String)?.type;
      found = { props, index };
      this.propsCache.set(type, found);
    }
    return found;
  }
}
